// libarchive: zip writing for Anki packages, streamed entry by entry.
#include <archive.h>
#include <archive_entry.h>

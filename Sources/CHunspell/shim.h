#include <hunspell/hunspell.h>

// The functions WordBook calls in libtesseract, liblept and libarchive, defined in loader.c to load
// each library on first use (see scripts/make-loader.py). Their declarations come from the
// libraries' own headers through the CTesseract and CArchive modules.
#ifndef WORDBOOK_CLOADER_H
#define WORDBOOK_CLOADER_H
#endif

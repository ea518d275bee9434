// libxml2's HTML parser and tree, for reading Twine 2 archives and published stories
// (Debian: libxml2-dev; pkg-config: libxml-2.0).
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, so encoding.h would include the system's ICU headers,
// which clash with the copy of ICU inside Swift's Foundation. storygraph never touches
// the encoding handlers whose layout this changes (it hands libxml2 UTF-8 only).
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

/* bs-types.h: forward declarations shared by the engine's headers */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BS_MAX_DIMS 8

typedef struct _BsContext   BsContext;
typedef struct _BsStorage   BsStorage;
typedef struct _BsVersion   BsVersion;
typedef struct _BsTensor    BsTensor;
typedef struct _BsNode      BsNode;
typedef struct _BsBackward  BsBackward;
typedef struct _BsEventSink BsEventSink;
typedef struct _BsGenerator BsGenerator;
typedef struct _BsTape      BsTape;

G_END_DECLS

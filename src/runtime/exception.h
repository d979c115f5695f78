/*
 * exception.h — throwing Java exceptions from VM code, and stack traces.
 *
 * VM code signals failure by leaving an exception pending in the thread (t->exception) and
 * returning a failure value; the interpreter then dispatches it through exception tables.
 * Exceptions the VM creates are real Java objects built by their (String) constructor, so
 * they carry a stack trace filled by Throwable.fillInStackTrace like any other.
 */
#ifndef LOUPE_EXCEPTION_H
#define LOUPE_EXCEPTION_H

#include "loupe.h"
#include "runtime/vm.h"
#include "runtime/thread.h"

static inline bool exc_pending(Thread *t) { return t->exception != NULL; }

/* Makes o the pending exception. */
void exc_set(Thread *t, Object *o);
/* Takes the pending exception off the thread and returns it. */
Object *exc_take(Thread *t);

/* A Throwable's cause, NULL when unset. */
Object *exc_cause(Object *e);

/* The offsets of Throwable's fields the VM reads and writes, looked up on first use
 * (Throwable loaded). */
typedef struct ExcThrowableFields {
    uint32_t message, cause, depth, stack_trace, backtrace;
} ExcThrowableFields;
const ExcThrowableFields *exc_throwable_fields(void);

/* Creates and throws an exception of the class `id` with a printf-style message (NULL fmt:
 * no message).  If creating it fails, that failure is what stays pending. */
void exc_throw(Thread *t, VMClassId id, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Same with an explicit class (a subclass of Throwable, loaded). */
void exc_throw_class(Thread *t, Class *c, const char *msg);
/* Throws with a cause: new C(msg, cause) if such a constructor exists, else C(msg).initCause. */
void exc_throw_with_cause(Thread *t, VMClassId id, const char *msg, Object **cause);
/* Throws a new exception of model's class with model's message (and, with_cause, a new
 * cause of the class and message of model's cause), made at the current point: how
 * HotSpot rethrows a recorded resolution error (JVMS 5.4.3). */
void exc_throw_like(Thread *t, Object *model, bool with_cause);
/* Throws the preallocated OutOfMemoryError (safe when the heap is exhausted). */
void exc_throw_oom(Thread *t, const char *what);
/* StackOverflowError, usable when the stack is nearly exhausted. */
void exc_throw_soe(Thread *t);
/* For the VM's own recursion (constant resolution and bootstrap arguments, class loading
 * and initialisation, exception construction): whether the C stack has room for one more
 * level; if not, false with a StackOverflowError pending, built in the margin kept below
 * the limit, as HotSpot throws one where a crash would come. */
bool exc_c_stack_ok(Thread *t);
/* Whether both the Java and the C stack have `bytes` to spare beyond their limits: for
 * Java code the VM runs on its own account and may skip (HotSpot's JavaCalls refuse to
 * start without a shadow zone of free stack), so that such code never starts at the
 * bottom of a deep recursion, where it would fail half-way, perhaps in some class's
 * first initialisation, leaving that class unusable for the rest of the run. */
bool exc_stack_room(Thread *t, size_t bytes);

/* Common VM exceptions with HotSpot's messages. */
void exc_npe(Thread *t);
void exc_aioobe(Thread *t, jint index, jint length);
void exc_class_cast(Thread *t, Class *from, Class *to);
void exc_array_store(Thread *t, Class *value_class, Class *array_class);
/* "module java.base of loader 'bootstrap'": where a class lives, as HotSpot's messages
 * say it; and for two classes "A and B are in ..." or "A is in ...; B is in ...". */
void exc_describe_location(Class *c, char *buf, size_t n);
void exc_describe_pair(StrBuf *out, Class *a, Class *b);
/* A class's loader as HotSpot names it: "'bootstrap'", "'app'", "'name' @1b2c3d"... */
void exc_describe_loader(Class *c, char *buf, size_t n);
/* "java.lang.Foo: message" (the class name alone without a message), read from the fields. */
void exc_describe_throwable(Object *e, char *buf, size_t n);

/* Fills the VM-private backtrace of a Throwable from the current stack (JVM_FillInStackTrace):
 * skips the fillInStackTrace frames and the throwable's own constructors. */
void exc_fill_backtrace(Thread *t, Object **throwable);
/* Calls fn on the class of each method a throwable's backtrace names (class unloading:
 * the backtrace holds methods, not mirrors).  World stopped. */
void exc_backtrace_classes(Object *throwable, void (*fn)(Class *c));
/* Fills StackTraceElement[] from a Throwable's backtrace (JVM_InitStackTraceElementArray). */
bool exc_fill_elements(Thread *t, Object **elements, Object **throwable);
/* Fills one StackTraceElement (a handle) for method m at bci. */
bool exc_fill_element(Thread *t, Object **ste, Method *m, int bci);
/* Calls Throwable.printStackTrace() on the pending exception (JNI ExceptionDescribe). */
void exc_describe(Thread *t);

/* Prints an exception with its causes from C data only, as HotSpot's VM-side printer does
 * (start-up failures). */
void exc_print_raw(FILE *out, Object *e);

/* The preallocated exceptions, made at start-up (roots). */
extern Object *exc_prealloc_oom;
extern Object *exc_prealloc_soe;

#endif

/*
 * security.h — the VM's part of the Java security model: stack inspection for
 * AccessController and the package-access check made when a class is resolved.
 */
#ifndef LOUPE_SECURITY_H
#define LOUPE_SECURITY_H

#include "loupe.h"

/* The AccessControlContext of the current stack (AccessController.getStackAccessControlContext):
 * NULL when only system code (no protection domain) runs down to a privileged frame without
 * a context; NULL with an exception pending on failure too. */
Object *sec_stack_context(Thread *t);

/* HotSpot's protection-domain validation: after `c` was found through the initiating
 * `loader` (NULL = boot) for code of protection domain `pd`, asks the loader's
 * checkPackageAccess(Class, ProtectionDomain) once per (class, loader, domain) while a
 * SecurityManager may be installed.  False with the exception (AccessControlException)
 * pending if access is refused. */
bool sec_check_package_access(Thread *t, Class *c, Object **loader, Object **pd);
/* Forgets the package-access checks passed by class c, which is being unloaded, and those
 * of unloaded loaders (LoaderData.cu_dead); c NULL: only the latter. */
void sec_class_unloaded(Class *c);

/* The protection domain of a class (NULL for the boot loader's). */
Object *sec_protection_domain(Class *c);

#endif

/*
 * crashos.c — the crash report's view of the process and the machine: the signal and its
 * context, the native stack, the loaded libraries, the environment, the OS, CPU and
 * memory, in HotSpot's words.
 *
 * Files (/proc/self/maps, /etc/os-release, the JDK's release file) are read with open and
 * read into static buffers; the native stack comes from backtrace() (its unwinder loaded
 * at start-up, crash.c) and is named by crashsym.c.
 */
#include "runtime/crash_internal.h"
#include "runtime/vm.h"
#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <gnu/libc-version.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

static char file_buf[16384];

/* Reads up to sizeof file_buf - 1 bytes of path into file_buf; returns the length or -1. */
static ssize_t read_small_file(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t total = 0, n;
    while (total < (ssize_t)sizeof file_buf - 1 && (n = read(fd, file_buf + total, sizeof file_buf - 1 - (size_t)total)) > 0)
        total += n;
    close(fd);
    file_buf[total] = '\0';
    return total;
}

/* Copies a whole file to the report in pieces. */
static void copy_file(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    ssize_t n;
    while ((n = read(fd, file_buf, sizeof file_buf - 1)) > 0) {
        file_buf[n] = '\0';
        cr_puts(file_buf);
    }
    close(fd);
}

/* The value of "key=" or "key\t: " in file_buf's lines, unquoted, into out. */
static bool find_value(const char *key, char sep, char *out, size_t n) {
    size_t k = strlen(key);
    for (char *line = file_buf; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (strncmp(line, key, k) != 0) continue;
        char *v = line + k;
        while (*v == ' ' || *v == '\t') v++;
        if (*v++ != sep) continue;
        while (*v == ' ' || *v == '"') v++;
        size_t o = 0;
        while (v[o] && v[o] != '\n' && v[o] != '"' && o + 1 < n) out[o] = v[o], o++;
        out[o] = '\0';
        return true;
    }
    return false;
}

/* ---- signals ---- */

static const struct { int sig; const char *name; } SIGNAL_NAMES[] = {
    { SIGSEGV, "SIGSEGV" }, { SIGBUS, "SIGBUS" }, { SIGFPE, "SIGFPE" }, { SIGILL, "SIGILL" },
    { SIGABRT, "SIGABRT" }, { SIGTRAP, "SIGTRAP" }, { SIGSYS, "SIGSYS" }, { SIGPIPE, "SIGPIPE" },
};

const char *cr_signal_name(int sig) {
    for (size_t i = 0; i < ARRAY_LEN(SIGNAL_NAMES); i++)
        if (SIGNAL_NAMES[i].sig == sig) return SIGNAL_NAMES[i].name;
    return NULL;
}

static const struct { int sig, code; const char *name; } CODE_NAMES[] = {
    { SIGSEGV, SEGV_MAPERR, "SEGV_MAPERR" }, { SIGSEGV, SEGV_ACCERR, "SEGV_ACCERR" },
    { SIGBUS, BUS_ADRALN, "BUS_ADRALN" }, { SIGBUS, BUS_ADRERR, "BUS_ADRERR" }, { SIGBUS, BUS_OBJERR, "BUS_OBJERR" },
    { SIGFPE, FPE_INTDIV, "FPE_INTDIV" }, { SIGFPE, FPE_INTOVF, "FPE_INTOVF" }, { SIGFPE, FPE_FLTDIV, "FPE_FLTDIV" },
    { SIGFPE, FPE_FLTOVF, "FPE_FLTOVF" }, { SIGFPE, FPE_FLTUND, "FPE_FLTUND" }, { SIGFPE, FPE_FLTRES, "FPE_FLTRES" },
    { SIGFPE, FPE_FLTINV, "FPE_FLTINV" }, { SIGFPE, FPE_FLTSUB, "FPE_FLTSUB" },
    { SIGILL, ILL_ILLOPC, "ILL_ILLOPC" }, { SIGILL, ILL_ILLOPN, "ILL_ILLOPN" }, { SIGILL, ILL_ILLADR, "ILL_ILLADR" },
    { SIGILL, ILL_ILLTRP, "ILL_ILLTRP" }, { SIGILL, ILL_PRVOPC, "ILL_PRVOPC" }, { SIGILL, ILL_PRVREG, "ILL_PRVREG" },
    { SIGILL, ILL_COPROC, "ILL_COPROC" }, { SIGILL, ILL_BADSTK, "ILL_BADSTK" },
    { 0, SI_USER, "SI_USER" }, { 0, SI_QUEUE, "SI_QUEUE" }, { 0, SI_TKILL, "SI_TKILL" }, { 0, SI_KERNEL, "SI_KERNEL" },
};

static const char *code_name(int sig, int code) {
    for (size_t i = 0; i < ARRAY_LEN(CODE_NAMES); i++)
        if ((CODE_NAMES[i].sig == sig || CODE_NAMES[i].sig == 0) && CODE_NAMES[i].code == code)
            return CODE_NAMES[i].name;
    return "unknown";
}

void cr_print_siginfo(void) {
    siginfo_t *si = crash_event.info;
    if (!crash_event.sig || !si) return;
    const char *name = cr_signal_name(si->si_signo);
    cr_printf("siginfo: si_signo: %d (%s), si_code: %d (%s), ", si->si_signo, name ? name : "unknown", si->si_code,
              code_name(si->si_signo, si->si_code));
    if (si->si_code <= 0) cr_printf("si_pid: %d, si_uid: %d\n\n", (int)si->si_pid, (int)si->si_uid);
    else cr_printf("si_addr: 0x%016lx\n\n", (unsigned long)(uintptr_t)si->si_addr);
}

void cr_print_registers(void) {
    ucontext_t *uc = crash_event.uc;
    if (!uc) return;
    cr_puts("Registers:\n");
#if defined(__x86_64__)
    static const struct { const char *name; int reg; } REGS[] = {
        { "RAX", REG_RAX }, { "RBX", REG_RBX }, { "RCX", REG_RCX }, { "RDX", REG_RDX }, { "RSP", REG_RSP },
        { "RBP", REG_RBP }, { "RSI", REG_RSI }, { "RDI", REG_RDI }, { "R8 ", REG_R8 }, { "R9 ", REG_R9 },
        { "R10", REG_R10 }, { "R11", REG_R11 }, { "R12", REG_R12 }, { "R13", REG_R13 }, { "R14", REG_R14 },
        { "R15", REG_R15 }, { "RIP", REG_RIP }, { "EFLAGS", REG_EFL }, { "CSGSFS", REG_CSGSFS }, { "ERR", REG_ERR },
    };
    for (size_t i = 0; i < ARRAY_LEN(REGS); i++)
        cr_printf("%s=0x%016lx%s", REGS[i].name, (unsigned long)uc->uc_mcontext.gregs[REGS[i].reg], i % 4 == 3 ? "\n" : ", ");
    cr_printf("  TRAPNO=0x%016lx\n\n", (unsigned long)uc->uc_mcontext.gregs[REG_TRAPNO]);
#elif defined(__aarch64__)
    for (int i = 0; i < 31; i++)
        cr_printf("R%-2d=0x%016lx%s", i, (unsigned long)uc->uc_mcontext.regs[i], i % 4 == 3 ? "\n" : ", ");
    cr_printf("\nSP=0x%016lx, PC=0x%016lx\n\n", (unsigned long)uc->uc_mcontext.sp, (unsigned long)uc->uc_mcontext.pc);
#else
    cr_puts("not available on this platform\n\n");
#endif
}

/* ---- native frames ---- */

static _Thread_local char *stack_lo, *stack_hi;

void cr_note_stack(void) {
    pthread_attr_t attr;
    void *addr;
    size_t size;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return;
    if (pthread_attr_getstack(&attr, &addr, &size) == 0) stack_lo = addr, stack_hi = (char *)addr + size;
    pthread_attr_destroy(&attr);
}

void cr_print_stack_range(void) {
    if (stack_hi) cr_printf(", stack(0x%016lx,0x%016lx)", (unsigned long)(uintptr_t)stack_lo, (unsigned long)(uintptr_t)stack_hi);
}

void cr_print_stack_bounds(void) {
    char *sp = crash_event.sp;
    if (!stack_hi) return;
    cr_printf("Stack: [0x%016lx,0x%016lx]", (unsigned long)(uintptr_t)stack_lo, (unsigned long)(uintptr_t)stack_hi);
    if (sp >= stack_lo && sp < stack_hi)
        cr_printf(",  sp=0x%016lx,  free space=%zuk", (unsigned long)(uintptr_t)sp, (size_t)(sp - stack_lo) >> 10);
    else if (sp)
        cr_printf(",  sp=0x%016lx (outside the thread's stack)", (unsigned long)(uintptr_t)sp);
    cr_puts("\n");
    char *addr = crash_event.sig == SIGSEGV && crash_event.info ? crash_event.info->si_addr : NULL;
    if (addr && addr >= stack_lo - (1 << 20) && addr < stack_lo + (64 << 10))
        cr_puts("The fault is at the end of the thread's stack: a C stack overflow\n");
}

static void *own_base(void) {
    Dl_info di;
    return dladdr((void *)own_base, &di) ? di.dli_fbase : NULL;
}

void cr_print_native_frame(void *pc, bool exact) {
    Dl_info di;
    if (!pc || !dladdr(pc, &di) || !di.dli_fname || !di.dli_fname[0]) {
        cr_printf("C  0x%016lx\n", (unsigned long)(uintptr_t)pc);
        return;
    }
    const char *slash = strrchr(di.dli_fname, '/');
    const char *lib = slash ? slash + 1 : di.dli_fname;
    cr_printf("%c  [%s+0x%lx]", di.dli_fbase == own_base() ? 'V' : 'C', lib, (unsigned long)((char *)pc - (char *)di.dli_fbase));
    static char sym[512];
    size_t off;
    /* a return address may be just past its function's end: it is named by the call */
    if (cr_symbolize((char *)pc - !exact, di.dli_fname, di.dli_fbase, sym, sizeof sym, &off))
        cr_printf("  %s+0x%zx", sym, off + !exact);
    else if (di.dli_sname) cr_printf("  %s+0x%lx", di.dli_sname, (unsigned long)((char *)pc - (char *)di.dli_saddr));
    cr_puts("\n");
}

void cr_print_native_frames(void) {
    static void *frames[128];
    int n = backtrace(frames, (int)ARRAY_LEN(frames)), first = 0;
    while (first < n && frames[first] != crash_event.pc) first++;
    cr_puts("Native frames: (J=compiled Java code, j=interpreted, Vv=VM code, C=native code)\n");
    if (first == n) {
        cr_print_native_frame(crash_event.pc, crash_event.sig != 0);
        first = 0;
    } else {
        cr_print_native_frame(frames[first++], crash_event.sig != 0);
    }
    for (int i = first; i < n; i++) cr_print_native_frame(frames[i], false);
    cr_puts("\n");
}

/* ---- the process ---- */

void cr_print_libraries(void) {
    cr_puts("Dynamic libraries:\n");
    copy_file("/proc/self/maps");
    cr_puts("\n");
}

/* The variables HotSpot's report lists. */
static const char *const ENV_NAMES[] = {
    "JAVA_HOME", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "CLASSPATH", "PATH", "USERNAME", "LD_LIBRARY_PATH",
    "LD_PRELOAD", "SHELL", "DISPLAY", "HOSTTYPE", "OSTYPE", "ARCH", "MACHTYPE", "LANG", "LC_ALL", "LC_CTYPE",
    "LC_NUMERIC", "LC_TIME", "TERM", "TMPDIR", "TZ", "LOUPE_OPTIONS",
};

void cr_print_environment(void) {
    cr_puts("Environment Variables:\n");
    for (size_t i = 0; i < ARRAY_LEN(ENV_NAMES); i++) {
        const char *v = getenv(ENV_NAMES[i]);
        if (v) cr_printf("%s=%s\n", ENV_NAMES[i], v);
    }
    cr_puts("\n");
}

/* ---- the machine ---- */

static void print_cpu_model(void) {
    static char model[256];
    if (read_small_file("/proc/cpuinfo") > 0 && find_value("model name", ':', model, sizeof model)) cr_puts(model);
    else cr_puts("unknown CPU");
}

static void print_os_name(void) {
    static char name[256];
    if (read_small_file("/etc/os-release") > 0 && find_value("PRETTY_NAME", '=', name, sizeof name)) cr_puts(name);
    else cr_puts("Linux");
}

static void print_time(void) {
    static const char *const DAYS[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
    static const char *const MONTHS[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    struct tm tm;
    gmtime_r(&now.tv_sec, &tm);
    cr_printf("Time: %s %s %2d %02d:%02d:%02d %d UTC", DAYS[tm.tm_wday], MONTHS[tm.tm_mon], tm.tm_mday, tm.tm_hour,
              tm.tm_min, tm.tm_sec, tm.tm_year + 1900);
    struct timespec mono;
    clock_gettime(CLOCK_MONOTONIC, &mono);
    uint64_t ns = (uint64_t)mono.tv_sec * 1000000000u + (uint64_t)mono.tv_nsec - vm_start_nanos;
    uint64_t s = vm_start_nanos ? ns / 1000000000u : 0;
    cr_printf(" elapsed time: %llu.%06llu seconds (%llud %lluh %llum %llus)\n", (unsigned long long)s,
              (unsigned long long)(vm_start_nanos ? ns % 1000000000u / 1000 : 0), (unsigned long long)(s / 86400),
              (unsigned long long)(s / 3600 % 24), (unsigned long long)(s / 60 % 60), (unsigned long long)(s % 60));
}

void cr_print_host_time(void) {
    cr_puts("Host: ");
    print_cpu_model();
    cr_printf(", %ld cores, %ldG, ", sysconf(_SC_NPROCESSORS_ONLN),
              (long)((unsigned long long)sysconf(_SC_PHYS_PAGES) * (unsigned long long)sysconf(_SC_PAGESIZE) >> 30));
    print_os_name();
    cr_puts("\n");
    print_time();
}

static void print_rlimits(void) {
    static const struct { const char *name; int res; } LIMITS[] = {
        { "STACK", RLIMIT_STACK }, { "CORE", RLIMIT_CORE }, { "NPROC", RLIMIT_NPROC },
        { "NOFILE", RLIMIT_NOFILE }, { "AS", RLIMIT_AS }, { "DATA", RLIMIT_DATA },
    };
    cr_puts("rlimit (soft/hard):");
    for (size_t i = 0; i < ARRAY_LEN(LIMITS); i++) {
        struct rlimit rl;
        if (getrlimit(LIMITS[i].res, &rl) != 0) continue;
        cr_printf("%s %s ", i ? "," : "", LIMITS[i].name);
        if (rl.rlim_cur == RLIM_INFINITY) cr_puts("infinity");
        else cr_printf("%llu", (unsigned long long)rl.rlim_cur);
        if (rl.rlim_max == RLIM_INFINITY) cr_puts("/infinity");
        else cr_printf("/%llu", (unsigned long long)rl.rlim_max);
    }
    cr_puts("\n");
}

void cr_print_os(void) {
    cr_puts("OS:\n");
    copy_file("/etc/os-release");
    struct utsname u;
    if (uname(&u) == 0) cr_printf("uname: %s %s %s %s\n", u.sysname, u.release, u.version, u.machine);
    cr_printf("libc: glibc %s NPTL %s \n", gnu_get_libc_version(), gnu_get_libc_version());
    print_rlimits();
    if (read_small_file("/proc/loadavg") > 0) cr_printf("load average: %s", file_buf);
    cr_puts("\n");
}

void cr_print_cpu_memory(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    cr_printf("CPU: total %ld (initial active %ld)\n", sysconf(_SC_NPROCESSORS_CONF), n);
    cr_puts("CPU Model: ");
    print_cpu_model();
    cr_puts("\n\n");
    struct sysinfo si;
    if (sysinfo(&si) == 0) {
        unsigned long long unit = si.mem_unit ? si.mem_unit : 1;
        cr_printf("Memory: %ldk page, physical %lluk(%lluk free), swap %lluk(%lluk free)\n", sysconf(_SC_PAGESIZE) >> 10,
                  si.totalram * unit >> 10, si.freeram * unit >> 10, si.totalswap * unit >> 10, si.freeswap * unit >> 10);
    }
    cr_printf("Page Sizes: %ldk\n\n", sysconf(_SC_PAGESIZE) >> 10);
}

/* ---- the JDK and core files ---- */

void cr_print_runtime_version(bool full) {
    static char path[4096], version[256];
    version[0] = '\0';
    if (vm_java_home) snprintf(path, sizeof path, "%s/release", vm_java_home);
    if (vm_java_home && read_small_file(path) > 0) find_value("JAVA_RUNTIME_VERSION", '=', version, sizeof version);
    if (!full) {
        char *dash = strchr(version, '-');
        if (dash) *dash = '\0';
    }
    cr_puts(version[0] ? version : "unknown");
}

void cr_print_jre_version(void) {
    cr_puts("# JRE version: OpenJDK Runtime Environment (");
    cr_print_runtime_version(false);
    cr_puts(") (build ");
    cr_print_runtime_version(true);
    cr_puts(")\n");
}

void cr_print_core_note(void) {
    struct rlimit rl;
    static char cwd[4096];
    if (!crash_opts.create_coredump) {
        cr_puts("# CreateCoredumpOnCrash turned off, no core file dumped\n");
    } else if (getrlimit(RLIMIT_CORE, &rl) == 0 && rl.rlim_cur == 0) {
        cr_puts("# No core dump will be written. Core dumps have been disabled. To enable core dumping, try "
                "\"ulimit -c unlimited\" before starting Java again\n");
    } else if (read_small_file("/proc/sys/kernel/core_pattern") > 0 && file_buf[0] == '|') {
        file_buf[strcspn(file_buf, "\n")] = '\0';
        cr_printf("# Core dump will be written. Default location: Core dumps may be processed with \"%s\"\n", file_buf + 1);
    } else {
        file_buf[strcspn(file_buf, "\n")] = '\0';
        cr_printf("# Core dump will be written. Default location: %s/%s\n", getcwd(cwd, sizeof cwd) ? cwd : ".",
                  file_buf[0] ? file_buf : "core");
    }
}

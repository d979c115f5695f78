/*
 * perfdata.c — the performance-data file: how jps, jcmd -l and jstat find a running VM.
 *
 * HotSpot keeps its instrumentation counters in a memory region that is also the file
 * /tmp/hsperfdata_<user>/<pid>, mapped shared, so that tools of the same user read them
 * without stopping the VM (the JDK's jdk.internal.jvmstat does, through Perf.attach).
 * Loupe writes the same format, version 2.0:
 *
 *   prologue (32 bytes): magic CA FE C0 C0, byte order (1: little endian), major 2,
 *     minor 0, accessible flag, used bytes, overflow bytes, modification time stamp,
 *     offset of the first entry, number of entries;
 *   entries one after another, each: its length, the offset of its name, the vector
 *     length (0 for a scalar), type ('J' long, 'B' byte vector), flags, units,
 *     variability, the offset of its data; then the NUL-terminated name and the data,
 *     aligned to the data's size; each entry padded to 8 bytes.
 *
 * The VM adds what the tools read (the Java command, the VM's arguments and identity, the
 * attach capability, the clock frequency); the class library adds its own counters through
 * Perf.createLong / createByteArray.  An entry is complete before the entry count that
 * makes it visible is stored.  When the region is full, counters go to private memory and
 * the overflow is counted, as in HotSpot.  -XX:-UsePerfData turns it all off; with
 * -XX:+PerfDisableSharedMem the region is private memory, not a file.  The file is
 * removed when the process exits.
 */
#include "runtime/perfdata.h"
#include "runtime/perfgc.h"
#include "runtime/vm.h"
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define REGION_SIZE (64 * 1024)      /* HotSpot's PerfDataMemorySize, rounded to pages */
#define PROLOGUE_SIZE 32
#define ENTRY_HEADER_SIZE 20

typedef struct Prologue {
    uint32_t magic;
    int8_t byte_order;
    int8_t major;
    int8_t minor;
    int8_t accessible;
    int32_t used;
    int32_t overflow;
    int64_t mod_time_stamp;
    int32_t entry_offset;
    int32_t num_entries;
} Prologue;
_Static_assert(sizeof(Prologue) == PROLOGUE_SIZE, "perf-data prologue layout");

typedef struct EntryHeader {
    int32_t entry_length;
    int32_t name_offset;
    int32_t vector_length;
    int8_t data_type;
    int8_t flags;
    int8_t data_units;
    int8_t data_variability;
    int32_t data_offset;
} EntryHeader;
_Static_assert(sizeof(EntryHeader) == ENTRY_HEADER_SIZE, "perf-data entry layout");

static char *region;                 /* NULL: no perf data (-XX:-UsePerfData, or failed) */
static char file_path[128];
static pthread_mutex_t region_lock = PTHREAD_MUTEX_INITIALIZER;

static int64_t ticks(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void *perf_add(const char *name, char type, int units, int variability, const void *data, int32_t data_len,
               int32_t vector_length) {
    if (!region) return NULL;
    size_t dsize = type == 'J' ? 8 : 1;
    size_t size = ENTRY_HEADER_SIZE + strlen(name) + 1;
    size = (size + dsize - 1) / dsize * dsize;
    size_t data_start = size;
    size_t dlen = (size_t)(vector_length ? vector_length : 1) * dsize;
    size = (size + dlen + 7) & ~(size_t)7;
    Prologue *p = (Prologue *)region;
    pthread_mutex_lock(&region_lock);
    if ((size_t)p->used + size > REGION_SIZE) {
        p->overflow += (int32_t)size;
        pthread_mutex_unlock(&region_lock);
        return NULL;
    }
    char *e = region + p->used;
    EntryHeader h = { (int32_t)size, ENTRY_HEADER_SIZE, vector_length, type, 1 /* supported */, (int8_t)units,
                      (int8_t)variability, (int32_t)data_start };
    memcpy(e, &h, sizeof h);
    strcpy(e + ENTRY_HEADER_SIZE, name);
    if (data) memcpy(e + data_start, data, (size_t)data_len < dlen ? (size_t)data_len : dlen);
    p->used += (int32_t)size;
    p->mod_time_stamp = ticks();
    __atomic_store_n(&p->num_entries, p->num_entries + 1, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&region_lock);
    return e + data_start;
}

void *perf_region(size_t *size) {
    *size = region ? REGION_SIZE : 0;
    return region;
}

static void add_string(const char *name, int variability, const char *value) {
    int32_t len = (int32_t)strlen(value) + 1;
    perf_add(name, 'B', PERF_U_STRING, variability, value, len, len);
}

static void add_long(const char *name, int units, int variability, int64_t value) {
    perf_add(name, 'J', units, variability, &value, 8, 0);
}

static void remove_file(void) {
    if (file_path[0]) unlink(file_path);
}

/* Files of processes that ended without removing theirs (killed), as HotSpot cleans up. */
static void remove_stale_files(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        char *end;
        long pid = strtol(e->d_name, &end, 10);
        if (*end || pid <= 0 || pid == (long)getpid()) continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unlink(path);
    }
    closedir(d);
}

/* /tmp/hsperfdata_<user>/<pid>, mapped shared; NULL when it cannot be made safely. */
static char *map_file(void) {
    struct passwd *pw = getpwuid(geteuid());
    if (!pw) return NULL;
    char dir[96];
    snprintf(dir, sizeof dir, "/tmp/hsperfdata_%s", pw->pw_name);
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) return NULL;
    struct stat st;
    /* someone else's directory, or a link to one, is not used */
    if (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid()) return NULL;
    remove_stale_files(dir);
    snprintf(file_path, sizeof file_path, "%s/%d", dir, (int)getpid());
    unlink(file_path);                  /* a stale file of an earlier process with our pid */
    int fd = open(file_path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
    if (fd < 0) {
        file_path[0] = 0;
        return NULL;
    }
    char *m = NULL;
    if (ftruncate(fd, REGION_SIZE) == 0) {
        m = mmap(NULL, REGION_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (m == MAP_FAILED) m = NULL;
    }
    close(fd);
    if (!m) {
        unlink(file_path);
        file_path[0] = 0;
        return NULL;
    }
    atexit(remove_file);
    return m;
}

void perf_init(void) {
    if (!vm_opts.use_perf_data) return;
    char *m = vm_opts.perf_disable_shared_mem ? NULL : map_file();
    if (!m) m = calloc(1, REGION_SIZE);
    if (!m) return;
    Prologue *p = (Prologue *)m;
    p->magic = 0xc0c0feca;              /* the bytes CA FE C0 C0, read big-endian by the tools */
    p->byte_order = 1;
    p->major = 2;
    p->minor = 0;
    p->used = PROLOGUE_SIZE;
    p->entry_offset = PROLOGUE_SIZE;
    p->mod_time_stamp = ticks();
    region = m;

    /* what jps, jcmd -l and the attach provider read */
    const char *cmd = opts_get_property("sun.java.command");
    add_string("sun.rt.javaCommand", PERF_V_CONSTANT, cmd ? cmd : "");
    /* capability 0 is "attachable" */
    add_string("sun.rt.jvmCapabilities", PERF_V_CONSTANT,
               vm_opts.disable_attach ? "0000000000000000000000000000000000000000000000000000000000000000"
                                      : "1000000000000000000000000000000000000000000000000000000000000000");
    size_t n = 1;
    for (int i = 0; i < vm_opts.nvm_args; i++) n += strlen(vm_opts.vm_args[i]) + 1;
    char *args = calloc(1, n);
    if (args) {
        for (int i = 0; i < vm_opts.nvm_args; i++) {
            if (i) strcat(args, " ");
            strcat(args, vm_opts.vm_args[i]);
        }
        add_string("java.rt.vmArgs", PERF_V_CONSTANT, args);
        free(args);
    }
    add_string("java.rt.vmFlags", PERF_V_CONSTANT, "");
    add_string("java.property.java.vm.name", PERF_V_CONSTANT, VM_NAME);
    add_string("java.property.java.vm.version", PERF_V_CONSTANT, VM_VERSION);
    add_string("java.property.java.vm.vendor", PERF_V_CONSTANT, VM_VENDOR);
    add_string("java.property.java.vm.info", PERF_V_CONSTANT, VM_INFO);
    add_string("java.property.java.vm.specification.version", PERF_V_CONSTANT, "17");
    add_long("sun.os.hrt.frequency", PERF_U_HERTZ, PERF_V_CONSTANT, 1000000000);
    add_long("sun.rt.createVmBeginTime", PERF_U_NONE, PERF_V_CONSTANT, (int64_t)time(NULL) * 1000);
    perf_gc_init();
    __atomic_store_n(&p->accessible, 1, __ATOMIC_RELEASE);
}

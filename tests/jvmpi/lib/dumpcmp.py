#!/usr/bin/env python3
"""dumpcmp.py — reads the dumps the HPROF-like agent saved with its `hprof` option and
compares them with the HPROF dump of the same moment (tests/jvmpi/dumps.sh).

Two readers written from their formats' descriptions: the JVMPI dumps after section 4 of
the specification (../shared/seeds/patent-gc-profiling-vmpi-jvmpi.txt: one u1 record tag
then the record; u2/u4/u8 and field values big-endian; jobjectID, JNIEnv * and raw
monitor ids native pointers, here 8 bytes little-endian), the HPROF file after the
"JAVA PROFILE 1.0.2" format.  The JVMPI records carry no field names or types: those come
from the class load events, which the agent wrote to classes.txt ("id name ninterfaces
static-types static-names instance-types instance-names"); threads.txt names the thread
ids ("env name").

Both dumps were taken with GC disabled and the other threads suspended, so an object has
the same id in both (its address).  Checked: the same objects (ids, classes, per-class
counts), each instance's fields by name, each array's elements, each class's super class
and statics; JNI global and thread roots; level 0 and level 1 agree with level 2; the object
dumps with the heap dump; the known graph of DumpGraph.java; the monitor dump's owners and
waiters of DumpGraph's two locks.  Prints "ok <what>" or "FAIL <what>: <why>"; exits 1 on a
failure.

    dumpcmp.py DIR
"""
import struct
import sys
from collections import Counter

PTR = 8
# JVMPI object types / HPROF basic types (the same numbers) and their value sizes
SIZES = {2: PTR, 0: PTR, 4: 1, 8: 1, 5: 2, 9: 2, 10: 4, 6: 4, 11: 8, 7: 8}
SIG_TYPE = {'L': 2, '[': 2, 'Z': 4, 'B': 8, 'C': 5, 'S': 9, 'I': 10, 'F': 6, 'J': 11, 'D': 7}
TYPE_SIG = {4: 'Z', 8: 'B', 5: 'C', 9: 'S', 10: 'I', 6: 'F', 11: 'J', 7: 'D'}

failures = 0


def check(what, ok, why=''):
    global failures
    if ok:
        print('ok ' + what)
    else:
        failures += 1
        print('FAIL %s: %s' % (what, why))


class Reader:
    def __init__(self, data):
        self.d, self.p = data, 0

    def more(self):
        return self.p < len(self.d)

    def be(self, n):
        if self.p + n > len(self.d):
            raise ValueError('truncated at %d' % self.p)
        v = int.from_bytes(self.d[self.p:self.p + n], 'big')
        self.p += n
        return v

    def ptr(self):
        if self.p + PTR > len(self.d):
            raise ValueError('truncated at %d' % self.p)
        v = int.from_bytes(self.d[self.p:self.p + PTR], 'little')
        self.p += PTR
        return v

    def bytes(self, n):
        if self.p + n > len(self.d):
            raise ValueError('truncated at %d' % self.p)
        b = self.d[self.p:self.p + n]
        self.p += n
        return b


# ---------------- the class load events' tables ----------------

class ClassInfo:
    def __init__(self, line):
        f = line.split(' ')
        self.id, self.name, self.ninterfaces = int(f[0], 16), f[1], int(f[2])
        self.static_types = '' if f[3] == '-' else f[3]
        self.static_names = [] if f[4] == '-' else f[4].split(',')
        self.instance_types = '' if f[5] == '-' else f[5]
        self.instance_names = [] if f[6] == '-' else f[6].split(',')


def load_tables(d):
    classes = {}
    for line in open(d + '/classes.txt'):
        c = ClassInfo(line.rstrip('\n'))
        classes[c.id] = c
    threads = {}
    for line in open(d + '/threads.txt'):
        env, name = line.rstrip('\n').split(' ', 1)
        threads[name] = int(env, 16)
    return classes, threads


# ---------------- JVMPI dumps (section 4) ----------------

def jvmpi_value(r, sig, level):
    """A field or static of signature sig: None when level 1 leaves it out."""
    if sig in 'L[':
        return ('ref', r.ptr())
    if level == 1:
        return None
    return ('prim', r.be(SIZES[SIG_TYPE[sig]]))


class JvmpiDump:
    """A level 1 or 2 heap dump, or object dumps: objects by id, roots by kind."""

    def __init__(self, data, classes, level, supers=None):
        self.classes, self.level = classes, level
        self.objects, self.roots = {}, {}
        self.supers = supers if supers is not None else {}
        if supers is None:          # a first pass for the class dumps' super classes
            self.parse(data, first=True)
        self.parse(data, first=False)

    def chain(self, cid):
        """(name, sig) of the instance fields of cid, then of each super class."""
        out = []
        for _ in range(64):
            c = self.classes.get(cid)
            if not c:
                break
            out += list(zip(c.instance_names, c.instance_types))
            cid = self.supers.get(cid, 0)
        return out

    def root(self, kind, obj):
        self.roots.setdefault(kind, set()).add(obj)

    def parse(self, data, first):
        r = Reader(data)
        while r.more():
            tag = r.be(1)
            if tag in (0xff, 0x05, 0x07):
                self.root(tag, r.ptr())
            elif tag in (0x01, 0x04, 0x06):
                obj = r.ptr()
                r.ptr()
                self.root(tag, obj)
            elif tag in (0x02, 0x03):
                obj = r.ptr()
                r.ptr()
                r.be(4)
                self.root(tag, obj)
            elif tag == 0x20:
                self.class_dump(r, first)
            elif tag == 0x21:
                oid, cid, n = r.ptr(), r.ptr(), r.be(4)
                body = r.bytes(n)
                if not first:
                    self.objects[oid] = ('instance', cid, self.instance_fields(cid, body))
            elif tag == 0x22:
                oid, n, elem = r.ptr(), r.be(4), r.ptr()
                self.objects[oid] = ('objarray', elem, [r.ptr() for _ in range(n)])
            elif tag == 0x23:
                oid, n, ty = r.ptr(), r.be(4), r.be(1)
                vals = [r.be(SIZES[ty]) for _ in range(n)] if self.level == 2 else None
                self.objects[oid] = ('primarray', ty, (n, vals))
            else:
                raise ValueError('unknown record tag 0x%x at %d' % (tag, r.p - 1))

    def class_dump(self, r, first):
        cid, sup = r.ptr(), r.ptr()
        for _ in range(5):          # loader, signers, protection domain, two reserved
            r.ptr()
        r.be(4)                     # instance size
        c = self.classes.get(cid)
        if c is None:
            raise ValueError('class dump of %#x, a class without a class load event' % cid)
        for _ in range(c.ninterfaces):
            r.ptr()
        for _ in range(r.be(2)):    # constant pool entries: index, type, value
            r.be(2)
            ty = r.be(1)
            r.ptr() if ty in (0, 2) else r.be(SIZES[ty])
        statics = []
        for name, sig in zip(c.static_names, c.static_types):
            v = jvmpi_value(r, sig, self.level)
            if v is not None:
                statics.append((name, v[1]))
        self.supers[cid] = sup
        if not first:
            self.objects[cid] = ('class', sup, sorted(statics))

    def instance_fields(self, cid, body):
        r = Reader(body)
        out = []
        for name, sig in self.chain(cid):
            v = jvmpi_value(r, sig, self.level)
            if v is not None:
                out.append((name, v[1]))
        if r.more():
            raise ValueError('instance of %#x: %d bytes left over' % (cid, len(body) - r.p))
        return sorted(out)


def read_level0(data):
    r = Reader(data)
    out = {}
    while r.more():
        ty = r.be(1)
        out[r.ptr()] = ty
    return out


def read_monitors(data):
    """[(kind, object or raw monitor id, owner, entries, [entering], [waiting])]"""
    r = Reader(data)
    out = []
    while r.more():
        tag = r.be(1)
        if tag == 0x01:
            obj = r.ptr()
        elif tag == 0x02:
            r.ptr()                 # its name: a char * of the agent's process
            obj = r.ptr()
        else:
            raise ValueError('unknown monitor record tag 0x%x' % tag)
        owner, entries = r.ptr(), r.be(4)
        entering = [r.ptr() for _ in range(r.be(4))]
        waiting = [r.ptr() for _ in range(r.be(4))]
        out.append(('java' if tag == 1 else 'raw', obj, owner, entries, entering, waiting))
    return out


# ---------------- HPROF ----------------

class Hprof:
    def __init__(self, data):
        nul = data.index(b'\0')
        r = Reader(data)
        r.p = nul + 1
        self.idsize = r.be(4)
        r.be(8)
        self.strings, self.class_names = {}, {}
        self.class_dumps, self.objects, self.roots = {}, {}, {}
        raw = []
        while r.more():
            tag, _, n = r.be(1), r.be(4), r.be(4)
            body = r.bytes(n)
            if tag == 0x01:
                self.strings[int.from_bytes(body[:self.idsize], 'big')] = body[self.idsize:].decode('utf-8', 'replace')
            elif tag == 0x02:
                b = Reader(body)
                b.be(4)
                cid = self.id(b)
                b.be(4)
                self.class_names[cid] = self.id(b)
            elif tag in (0x0c, 0x1c):
                raw.append(body)
        for body in raw:
            self.heap(Reader(body))
        for oid, (kind, cid, body) in list(self.objects.items()):
            if kind == 'instance':
                self.objects[oid] = (kind, cid, self.instance_fields(cid, body))

    def id(self, r):
        return r.be(self.idsize)

    def name(self, cid):
        return self.strings.get(self.class_names.get(cid), '?')

    def value(self, r, ty):
        return self.id(r) if ty == 2 else r.be(SIZES[ty])

    def heap(self, r):
        while r.more():
            sub = r.be(1)
            if sub in (0xff, 0x05, 0x07):
                self.roots.setdefault(sub, set()).add(self.id(r))
            elif sub == 0x01:
                self.roots.setdefault(sub, set()).add(self.id(r))
                self.id(r)
            elif sub in (0x02, 0x03, 0x08):
                self.roots.setdefault(sub, set()).add(self.id(r))
                r.be(8)
            elif sub in (0x04, 0x06):
                self.roots.setdefault(sub, set()).add(self.id(r))
                r.be(4)
            elif sub == 0x20:
                self.class_dump(r)
            elif sub == 0x21:
                oid = self.id(r)
                r.be(4)
                cid = self.id(r)
                self.objects[oid] = ('instance', cid, r.bytes(r.be(4)))
            elif sub == 0x22:
                oid = self.id(r)
                r.be(4)
                n = r.be(4)
                cid = self.id(r)
                self.objects[oid] = ('objarray', cid, [self.id(r) for _ in range(n)])
            elif sub == 0x23:
                oid = self.id(r)
                r.be(4)
                n, ty = r.be(4), r.be(1)
                self.objects[oid] = ('primarray', ty, (n, [r.be(SIZES[ty]) for _ in range(n)]))
            else:
                raise ValueError('unknown HPROF sub-record 0x%x' % sub)

    def class_dump(self, r):
        cid = self.id(r)
        r.be(4)
        sup = self.id(r)
        for _ in range(5):
            self.id(r)
        r.be(4)
        for _ in range(r.be(2)):
            r.be(2)
            self.value(r, r.be(1))
        statics = []
        for _ in range(r.be(2)):
            name = self.strings.get(self.id(r), '?')
            statics.append((name, self.value(r, r.be(1))))
        fields = []
        for _ in range(r.be(2)):
            name = self.strings.get(self.id(r), '?')
            fields.append((name, r.be(1)))
        self.class_dumps[cid] = (sup, fields)
        self.objects[cid] = ('class', sup, sorted(statics))

    def instance_fields(self, cid, body):
        r = Reader(body)
        out = []
        for _ in range(64):
            if cid not in self.class_dumps:
                break
            sup, fields = self.class_dumps[cid]
            out += [(name, self.value(r, ty)) for name, ty in fields]
            cid = sup
        return sorted(out)


# ---------------- the comparison ----------------

def element_name(array_class_name):
    """The element class of an array class's name: [Ljava/lang/String; -> java/lang/String."""
    e = array_class_name[1:]
    return e[1:-1] if e.startswith('L') else e


def same_object(j, h, classes, hp):
    """None if JVMPI's record j shows the same object as HPROF's h, else why not."""
    if j[0] != h[0]:
        return 'a %s in JVMPI, a %s in HPROF' % (j[0], h[0])
    if j[0] == 'objarray':
        jn = classes[j[1]].name if j[1] in classes else '?'
        if jn != element_name(hp.name(h[1])):
            return 'element class %s, HPROF %s' % (jn, hp.name(h[1]))
        return None if j[2] == h[2] else 'elements differ'
    return None if j[1:] == h[1:] else '%s vs %s' % (str(j[1:])[:300], str(h[1:])[:300])


def compare_heap(j2, hp, classes):
    jids, hids = set(j2.objects), set(hp.objects)
    check('the same objects in the JVMPI and the HPROF dump', jids == hids,
          '%d only in JVMPI (%s), %d only in HPROF (%s)' % (len(jids - hids), [hex(i) for i in list(jids - hids)[:5]],
                                                           len(hids - jids), [hex(i) for i in list(hids - jids)[:5]]))
    differ = [(oid, same_object(j2.objects[oid], hp.objects[oid], classes, hp)) for oid in jids & hids]
    differ = [(oid, why) for oid, why in differ if why]
    check('each object the same in both (class, fields, elements, statics)', not differ and len(jids) > 1000,
          '%d of %d differ, e.g. %s' % (len(differ), len(jids), ['%#x: %s' % d for d in differ[:3]]))

    def per_class(objs, name_of):
        return Counter(name_of(o) for o in objs.values())
    jcount = per_class(j2.objects, lambda o: (o[0], classes[o[1]].name if o[0] == 'instance' and o[1] in classes else
                                               (o[1] if o[0] == 'primarray' else '')))
    hcount = per_class(hp.objects, lambda o: (o[0], hp.name(o[1]) if o[0] == 'instance' else
                                              (o[1] if o[0] == 'primarray' else '')))
    check('the same number of objects per class', jcount == hcount and len(jcount) > 100,
          'differ: %s' % [(k, jcount[k], hcount[k]) for k in set(jcount) | set(hcount) if jcount[k] != hcount[k]][:5])
    # HPROF's JNI global and thread object roots are JVMPI's JNI global and thread block roots
    check('the same JNI global and thread roots', j2.roots.get(0x01, set()) == hp.roots.get(0x01, set()) and
          j2.roots.get(0x06, set()) == hp.roots.get(0x08, set()) and j2.roots.get(0x06),
          'JNI %d/%d, threads %d/%d' % (len(j2.roots.get(0x01, ())), len(hp.roots.get(0x01, ())),
                                        len(j2.roots.get(0x06, ())), len(hp.roots.get(0x08, ()))))


def compare_levels(l0, j1, j2):
    def level0_type(o):
        return 0 if o[0] == 'instance' else 2 if o[0] == 'objarray' else o[1]
    # a class object's level 0 type is not compared (JVMPI_NORMAL_OBJECT or JVMPI_CLASS)
    l0t = {oid: t for oid, t in l0.items() if j2.objects.get(oid, ('',))[0] != 'class'}
    t2 = {oid: level0_type(o) for oid, o in j2.objects.items() if o[0] != 'class'}
    check('heap dump level 0 lists the objects of level 2', set(l0) == set(j2.objects) and l0t == t2,
          '%d vs %d objects' % (len(l0), len(j2.objects)))
    check('heap dump level 1 shows the objects of level 2', set(j1.objects) == set(j2.objects),
          '%d vs %d objects' % (len(j1.objects), len(j2.objects)))


def compare_level1_refs(j1, j2, classes):
    bad = 0
    for oid, o2 in j2.objects.items():
        o1 = j1.objects.get(oid)
        if o1 is None or o1[0] != o2[0]:
            bad += 1
            continue
        if o2[0] in ('instance', 'class'):
            if o2[0] == 'instance':
                names = dict(j2.chain(o2[1]))
            else:
                c = classes[oid]
                names = dict(zip(c.static_names, c.static_types))
            refs2 = sorted(f for f in o2[2] if names.get(f[0], 'L') in 'L[')
            if refs2 != o1[2]:
                bad += 1
        elif o2[0] == 'primarray':
            if o1[2][0] != o2[2][0]:
                bad += 1
        elif o1 != o2:
            bad += 1
    check('heap dump level 1 has the references of level 2', bad == 0, '%d objects differ' % bad)


def fields(o):
    return dict(o[2])


def check_graph(j2, hp, classes):
    by_name = {c.name: cid for cid, c in classes.items()}
    dg = by_name.get('DumpGraph')
    statics = fields(j2.objects[dg]) if dg in j2.objects else {}
    a = statics.get('root', 0)
    obj = j2.objects.get
    ok = a and obj(a) and obj(a)[1] == by_name.get('DumpGraph$Node')
    if ok:
        b = fields(obj(a))['next']
        c = fields(obj(b))['next']
        fa, fb, fc = fields(obj(a)), fields(obj(b)), fields(obj(c))
        ok = (fc['next'] == a and fa['other'] == c and fb['other'] == b and fc['other'] == 0 and
              fa['data'] == fc['data'] and fb['data'] == 0 and obj(fa['data'])[2] == (3, [1, 2, 3]) and
              [fa['weight'], fb['weight'], fc['weight']] == [1, 2, 3])
        names = [fields(obj(x['name'])).get('value') for x in (fa, fb, fc)]
        ok = ok and [bytes(obj(n)[2][1]) for n in names] == [b'a', b'b', b'c']
        table = obj(statics['table'])
        ok = ok and table[0] == 'objarray' and len(table[2]) == 5 and table[2][0] == a and table[2][4] == b
        ok = ok and table[2][3] == 0 and obj(table[2][2])[2] == (2, [7, 8])
        ok = ok and all(hp.objects.get(x) == obj(x) for x in (a, b, c, fa['data']))
    check('the known graph (DumpGraph) in both dumps', ok, 'root %#x' % (a or 0))
    return statics


def check_object_dumps(d, j2, classes):
    objs = JvmpiDump(open(d + '/objects.jvmpi', 'rb').read(), classes, 2, supers=j2.supers)
    names = Counter(classes[o[1]].name if o[0] == 'instance' else 'class ' + classes[oid].name
                    for oid, o in objs.objects.items())
    same = all(j2.objects.get(oid) == o for oid, o in objs.objects.items())
    check('object dumps show the heap dump\'s objects', same and names['DumpGraph$Node'] == 3 and
          names['DumpGraph$Lock'] == 2 and names['class DumpGraph'] == 1, str(dict(names)))


def check_monitors(d, statics, threads, hp, classes):
    mons = read_monitors(open(d + '/monitors.jvmpi', 'rb').read())
    java = {m[1]: m for m in mons if m[0] == 'java'}
    held, waited = java.get(statics.get('HELD')), java.get(statics.get('WAITED'))
    ok = (held is not None and held[2] == threads.get('holder') and held[3] >= 1 and
          threads.get('blocked') in held[4] and waited is not None and threads.get('waiter') in waited[5] and
          threads.get('waiter') not in waited[4])
    check('monitor dump: owner and waiters of DumpGraph\'s locks', ok, 'held %s, waited %s' % (held, waited))
    lock = [cid for cid, c in classes.items() if c.name == 'DumpGraph$Lock']
    check('monitor dump: its Java monitors are objects of the HPROF dump',
          all(oid in hp.objects for oid in java) and hp.objects[statics['HELD']][1] in lock, '')
    check('monitor dump: raw monitors', any(m[0] == 'raw' for m in mons), 'none')


def main():
    d = sys.argv[1]
    classes, threads = load_tables(d)
    hp = Hprof(open(d + '/same.hprof', 'rb').read())
    j2 = JvmpiDump(open(d + '/heap2.jvmpi', 'rb').read(), classes, 2)
    j1 = JvmpiDump(open(d + '/heap1.jvmpi', 'rb').read(), classes, 1)
    l0 = read_level0(open(d + '/heap0.jvmpi', 'rb').read())
    compare_heap(j2, hp, classes)
    compare_levels(l0, j1, j2)
    compare_level1_refs(j1, j2, classes)
    statics = check_graph(j2, hp, classes)
    check_object_dumps(d, j2, classes)
    check_monitors(d, statics, threads, hp, classes)
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()

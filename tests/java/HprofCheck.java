// Reads an HPROF heap dump (tool/heap_dump gives it the dumps of AttachTarget that jmap
// and jcmd wrote) and prints what must be the same whichever VM wrote it: the format,
// the instances of AttachTarget$Kept and the sum of their `value` fields, the static
// fields of AttachTarget and where they lead (the array of 100, the label string), and
// whether the references in the dump lead to objects, arrays or classes of the dump.
// Without arguments (as a plain test) it only says so.
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

public class HprofCheck {
    static final class ClassDump {
        long id, superId;
        List<long[]> statics = new ArrayList<>();      // { nameId, type, value }
        List<long[]> fields = new ArrayList<>();       // { nameId, type }
    }

    static DataInputStream in;
    static int idSize;
    static final Map<Long, String> names = new HashMap<>();
    static final Map<Long, String> classNames = new HashMap<>();
    static final Map<Long, ClassDump> classes = new HashMap<>();
    static final Map<Long, byte[]> instances = new HashMap<>();
    static final Map<Long, Long> instanceClass = new HashMap<>();
    static final Map<Long, long[]> objArrays = new HashMap<>();
    static final Map<Long, byte[]> primArrays = new HashMap<>();
    static final Set<Long> roots = new HashSet<>();

    static long id() throws IOException { return idSize == 8 ? in.readLong() : in.readInt() & 0xffffffffL; }

    static int size(int type) {
        switch (type) {
            case 2: return idSize;
            case 4: case 8: return 1;
            case 5: case 9: return 2;
            case 6: case 10: return 4;
            default: return 8;
        }
    }

    static long value(int type) throws IOException {
        switch (type) {
            case 2: return id();
            case 4: case 8: return in.readByte();
            case 5: case 9: return in.readShort();
            case 6: case 10: return in.readInt();
            default: return in.readLong();
        }
    }

    static void heapDump(long len) throws IOException {
        long start = counter.n;
        while (counter.n - start < len) {
            int sub = in.readUnsignedByte();
            switch (sub) {
                case 0xFF: case 0x05: case 0x07: roots.add(id()); break;
                case 0x01: roots.add(id()); id(); break;
                case 0x02: case 0x03: case 0x08: roots.add(id()); in.readInt(); in.readInt(); break;
                case 0x04: case 0x06: roots.add(id()); in.readInt(); break;
                case 0x20: {
                    ClassDump cd = new ClassDump();
                    cd.id = id(); in.readInt(); cd.superId = id();
                    for (int i = 0; i < 5; i++) id();
                    in.readInt();
                    int cp = in.readUnsignedShort();
                    for (int i = 0; i < cp; i++) { in.readUnsignedShort(); int t = in.readUnsignedByte(); value(t); }
                    int ns = in.readUnsignedShort();
                    for (int i = 0; i < ns; i++) { long n = id(); int t = in.readUnsignedByte(); cd.statics.add(new long[] { n, t, value(t) }); }
                    int nf = in.readUnsignedShort();
                    for (int i = 0; i < nf; i++) { long n = id(); int t = in.readUnsignedByte(); cd.fields.add(new long[] { n, t }); }
                    classes.put(cd.id, cd);
                    break;
                }
                case 0x21: {
                    long o = id(); in.readInt(); long k = id(); int n = in.readInt();
                    byte[] b = new byte[n]; in.readFully(b);
                    instances.put(o, b); instanceClass.put(o, k);
                    break;
                }
                case 0x22: {
                    long o = id(); in.readInt(); int n = in.readInt(); id();
                    long[] e = new long[n];
                    for (int i = 0; i < n; i++) e[i] = id();
                    objArrays.put(o, e);
                    break;
                }
                case 0x23: {
                    long o = id(); in.readInt(); int n = in.readInt(); int t = in.readUnsignedByte();
                    byte[] b = new byte[n * size(t)]; in.readFully(b);
                    primArrays.put(o, b);
                    break;
                }
                default: throw new IOException("unknown heap dump sub-record 0x" + Integer.toHexString(sub));
            }
        }
    }

    /* counts bytes consumed by the DataInputStream through a wrapper */
    static CountingInput counter;
    static final class CountingInput extends FilterInputStream {
        long n;
        CountingInput(InputStream s) { super(s); }
        @Override public int read() throws IOException { int b = super.read(); if (b >= 0) n++; return b; }
        @Override public int read(byte[] b, int off, int len) throws IOException { int r = super.read(b, off, len); if (r > 0) n += r; return r; }
        @Override public long skip(long k) throws IOException { long r = super.skip(k); n += r; return r; }
    }

    /* the fields of class k and its superclasses, in dump order: { nameId, type } */
    static List<long[]> layout(long k) {
        List<long[]> all = new ArrayList<>();
        for (ClassDump cd = classes.get(k); cd != null; cd = classes.get(cd.superId)) all.addAll(cd.fields);
        return all;
    }

    static Map<String, Long> fieldValues(long o) throws IOException {
        Map<String, Long> v = new LinkedHashMap<>();
        DataInputStream d = new DataInputStream(new ByteArrayInputStream(instances.get(o)));
        DataInputStream saved = in;
        in = d;
        for (long[] f : layout(instanceClass.get(o))) v.putIfAbsent(names.get(f[0]), value((int) f[1]));
        in = saved;
        return v;
    }

    static long classNamed(String n) {
        for (Map.Entry<Long, String> e : classNames.entrySet()) if (e.getValue().equals(n)) return e.getKey();
        return 0;
    }

    static String string(long o) throws IOException {
        if (!instances.containsKey(o)) return "(not an instance)";
        Map<String, Long> f = fieldValues(o);
        byte[] b = primArrays.get(f.get("value"));
        if (b == null) return "(no value)";
        return f.get("coder") == 0 ? new String(b, StandardCharsets.ISO_8859_1) : new String(b, StandardCharsets.UTF_16BE);
    }

    static boolean known(long ref) {
        return ref == 0 || instances.containsKey(ref) || objArrays.containsKey(ref) || primArrays.containsKey(ref) || classes.containsKey(ref);
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.out.println("no dump file: nothing to check");
            return;
        }
        counter = new CountingInput(new BufferedInputStream(new FileInputStream(args[0]), 1 << 16));
        in = new DataInputStream(counter);
        StringBuilder header = new StringBuilder();
        for (int b; (b = in.readUnsignedByte()) != 0; ) header.append((char) b);
        idSize = in.readInt();
        in.readLong();
        System.out.println("format: " + header + ", identifiers of " + idSize + " bytes");
        int segments = 0;
        boolean ended = false;
        while (true) {
            int tag;
            try { tag = in.readUnsignedByte(); } catch (EOFException e) { break; }
            in.readInt();
            long len = in.readInt() & 0xffffffffL;
            switch (tag) {
                case 0x01: { long i = id(); byte[] b = new byte[(int) len - idSize]; in.readFully(b); names.put(i, new String(b, StandardCharsets.UTF_8)); break; }
                case 0x02: { in.readInt(); long c = id(); in.readInt(); classNames.put(c, names.get(id())); break; }
                case 0x0C: case 0x1C: segments++; heapDump(len); break;
                case 0x2C: ended = true; break;
                default: in.skipNBytes(len);
            }
        }
        System.out.println("heap dump segments: " + (segments > 0) + ", end record: " + ended);
        long kept = classNamed("AttachTarget$Kept");
        long count = 0, sum = 0;
        for (Map.Entry<Long, Long> e : instanceClass.entrySet())
            if (e.getValue() == kept) { count++; sum += fieldValues(e.getKey()).get("value"); }
        System.out.println("AttachTarget$Kept: " + count + " instances, values summing to " + sum);
        ClassDump target = classes.get(classNamed("AttachTarget"));
        List<String> statics = new ArrayList<>(), lines = new ArrayList<>();
        for (long[] s : target.statics) {
            String n = names.get(s[0]);
            if (n.startsWith("<")) continue;                // a VM's own pseudo-statics
            statics.add(n);
            if (n.equals("KEPT")) {
                long[] arr = objArrays.get(s[2]);
                int ok = 0;
                for (long r : arr) if (instanceClass.get(r) != null && instanceClass.get(r) == kept) ok++;
                lines.add("KEPT: array of " + arr.length + ", " + ok + " of them AttachTarget$Kept");
            }
            if (n.equals("label")) lines.add("label: " + string(s[2]));
        }
        Collections.sort(lines);
        lines.forEach(System.out::println);
        Collections.sort(statics);
        System.out.println("statics of AttachTarget: " + statics);
        long dangling = 0, refs = 0;
        for (long o : instances.keySet()) {
            List<long[]> l = layout(instanceClass.get(o));
            Map<String, Long> v = fieldValues(o);
            for (long[] f : l) if (f[1] == 2) { refs++; if (!known(v.get(names.get(f[0])))) dangling++; }
        }
        for (long[] a : objArrays.values()) for (long r : a) { refs++; if (!known(r)) dangling++; }
        for (ClassDump cd : classes.values()) for (long[] s : cd.statics) if (s[1] == 2) { refs++; if (!known(s[2])) dangling++; }
        // (HotSpot's own dumps leave a few references to objects they do not dump)
        System.out.println("references checked: " + (refs > 1000) + ", nearly all lead into the dump: " + (dangling * 20 < refs));
        System.out.println("roots: " + (roots.size() > 10) + ", classes: " + (classes.size() > 300));
    }
}

// Files and directories through java.io and java.nio.file, in the test's scratch working
// directory: writing and reading text (UTF-8 and ISO-8859-1) and bytes through streams,
// readers, writers, Files helpers and channels; appending; RandomAccessFile seeks;
// directories created, listed, walked and deleted; copy/move with and without
// REPLACE_EXISTING; symbolic links; attributes (size, type, POSIX permissions, times set
// explicitly); path operations (resolve, relativize, normalize, getFileName...);
// DataInput/DataOutput and object serialization round trips; and the exceptions with
// their messages (NoSuchFileException, FileAlreadyExistsException, DirectoryNotEmpty-
// Exception, FileNotFoundException, NotDirectoryException).
import java.io.*;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.*;
import java.util.stream.Collectors;
import java.util.stream.Stream;

public class FilesIO {
    static final Path ROOT = Paths.get("filesio-tree");

    static String tree() throws IOException {
        try (Stream<Path> s = Files.walk(ROOT)) {
            return s.map(p -> ROOT.relativize(p) + (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "/" : "")
                              + (Files.isSymbolicLink(p) ? "@" : ""))
                    .sorted().collect(Collectors.toList()).toString();
        }
    }

    interface IOAction { Object run() throws Exception; }

    static void attempt(String what, IOAction a) {
        try {
            System.out.println(what + ": " + a.run());
        } catch (Exception e) {
            System.out.println(what + " -> " + e);
        }
    }

    public static void main(String[] args) throws Exception {
        Files.createDirectories(ROOT.resolve("a/b/c"));
        Path text = ROOT.resolve("a/text.txt");
        Files.write(text, List.of("first line", "zweite Zeile: äöü", "third \u20ac line"), StandardCharsets.UTF_8);
        System.out.println(Files.readAllLines(text) + " size " + Files.size(text));
        Files.writeString(text, "appended\n", StandardOpenOption.APPEND);
        try (BufferedReader r = Files.newBufferedReader(text)) {
            System.out.println(r.lines().map(String::length).collect(Collectors.toList()));
        }
        Path latin = ROOT.resolve("a/latin1.txt");
        try (Writer w = new OutputStreamWriter(new FileOutputStream(latin.toFile()), StandardCharsets.ISO_8859_1)) {
            w.write("caf\u00e9 \u00a3 na\u00efve\n");
        }
        System.out.println(Arrays.toString(Files.readAllBytes(latin)) + " " + Files.readString(latin, StandardCharsets.ISO_8859_1).trim());
        try (PrintWriter pw = new PrintWriter(new FileWriter(ROOT.resolve("a/b/print.txt").toFile()))) {
            pw.printf("%d %s%n", 7, "seven");
            pw.println(3.5);
        }
        try (BufferedReader br = new BufferedReader(new FileReader(ROOT.resolve("a/b/print.txt").toFile()))) {
            System.out.println(br.readLine() + " / " + br.readLine() + " / " + br.readLine());
        }
        Path data = ROOT.resolve("a/b/c/data.bin");
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(data)))) {
            out.writeInt(0xCAFEBABE);
            out.writeLong(-2L);
            out.writeDouble(Math.PI);
            out.writeUTF("modified UTF-8 \u0000 \uD83D\uDE00");
            out.writeBoolean(true);
        }
        try (DataInputStream in = new DataInputStream(new FileInputStream(data.toFile()))) {
            System.out.println(Integer.toHexString(in.readInt()) + " " + in.readLong() + " " + in.readDouble() + " "
                               + in.readUTF().length() + " " + in.readBoolean() + " available " + in.available());
        }
        try (RandomAccessFile raf = new RandomAccessFile(data.toFile(), "rw")) {
            raf.seek(4);
            System.out.println("long at 4: " + raf.readLong() + ", length " + raf.length() + ", pointer " + raf.getFilePointer());
            raf.seek(raf.length());
            raf.writeShort(0x1234);
            raf.setLength(raf.length() + 10);
            System.out.println("new length " + raf.length());
        }
        try (FileChannel ch = FileChannel.open(ROOT.resolve("a/channel.bin"), StandardOpenOption.CREATE,
                                               StandardOpenOption.WRITE, StandardOpenOption.READ)) {
            ByteBuffer buf = ByteBuffer.allocate(16);
            buf.putInt(1).putInt(2).putLong(3).flip();
            ch.write(buf);
            ch.write(ByteBuffer.wrap(new byte[] { 9, 9 }), 100);
            System.out.println("channel size " + ch.size() + " position " + ch.position());
            ByteBuffer back = ByteBuffer.allocate(8);
            ch.read(back, 4);
            back.flip();
            System.out.println("read back " + back.getInt() + " " + back.getInt());
            ch.truncate(8);
            System.out.println("truncated to " + ch.size());
        }
        try (ObjectOutputStream oos = new ObjectOutputStream(new FileOutputStream(ROOT.resolve("a/obj.ser").toFile()))) {
            oos.writeObject(new TreeMap<>(Map.of("k", List.of(1, 2), "j", new int[] { 3 }.length)));
            oos.writeObject(new Date(0));
        }
        try (ObjectInputStream ois = new ObjectInputStream(new FileInputStream(ROOT.resolve("a/obj.ser").toFile()))) {
            System.out.println("deserialized " + ois.readObject() + " " + ((Date) ois.readObject()).getTime());
        }

        Files.copy(text, ROOT.resolve("a/b/copy.txt"));
        attempt("copy onto existing", () -> Files.copy(text, ROOT.resolve("a/b/copy.txt")));
        System.out.println("copy replacing: " + Files.copy(latin, ROOT.resolve("a/b/copy.txt"), StandardCopyOption.REPLACE_EXISTING));
        Files.move(ROOT.resolve("a/b/copy.txt"), ROOT.resolve("a/moved.txt"));
        Files.createSymbolicLink(ROOT.resolve("link"), Paths.get("a/moved.txt"));
        System.out.println("link target " + Files.readSymbolicLink(ROOT.resolve("link")) + ", via link: "
                           + Files.readString(ROOT.resolve("link"), StandardCharsets.ISO_8859_1).trim()
                           + ", same file " + Files.isSameFile(ROOT.resolve("link"), ROOT.resolve("a/moved.txt")));
        System.out.println(tree());
        File dir = ROOT.resolve("a").toFile();
        String[] names = dir.list();
        Arrays.sort(names);
        File[] dirs = dir.listFiles(File::isDirectory);
        System.out.println(Arrays.toString(names) + " dirs " + dirs.length + " " + dir.isDirectory() + " " + dir.isFile()
                           + " " + new File(dir, "moved.txt").length() + " " + new File(dir, "none").exists());
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(ROOT.resolve("a"), "*.{txt,bin}")) {
            List<String> l = new ArrayList<>();
            for (Path p : ds) l.add(p.getFileName().toString());
            Collections.sort(l);
            System.out.println("glob " + l);
        }
        Files.setPosixFilePermissions(text, PosixFilePermissions.fromString("rw-r-----"));
        Files.setLastModifiedTime(text, FileTime.fromMillis(1_000_000_000_000L));
        BasicFileAttributes at = Files.readAttributes(text, BasicFileAttributes.class);
        System.out.println(PosixFilePermissions.toString(Files.getPosixFilePermissions(text)) + " " + at.lastModifiedTime()
                           + " " + at.isRegularFile() + " " + at.isDirectory() + " " + at.size() + " "
                           + text.toFile().lastModified() + " " + Files.getAttribute(text, "posix:permissions").toString().length());
        File f = new File(ROOT.toFile(), "io-file.txt");
        System.out.println(f.createNewFile() + " " + f.createNewFile() + " " + f.renameTo(new File(ROOT.toFile(), "renamed.txt"))
                           + " " + f.exists() + " " + new File(ROOT.toFile(), "x/y").mkdirs() + " " + new File(ROOT.toFile(), "x").delete());

        Path p = Paths.get("/usr/./lib/../share/doc/file.tar.gz");
        System.out.println(p.normalize() + " " + p.getFileName() + " " + p.getParent() + " " + p.getNameCount() + " "
                           + p.subpath(1, 3) + " " + p.getRoot() + " " + Paths.get("a/b").resolve("c/d") + " "
                           + Paths.get("a/b/c").relativize(Paths.get("a/x")) + " " + Paths.get("x").isAbsolute() + " "
                           + p.startsWith("/usr") + " " + Paths.get("a/b").resolveSibling("z") + " "
                           + Paths.get("").toAbsolutePath().equals(Paths.get(".").toAbsolutePath().normalize()));
        System.out.println(new File("a/./b/../c").getPath() + " " + new File("/tmp/../etc").getCanonicalPath() + " "
                           + new File("rel").isAbsolute() + " " + new File("/x/y.txt").getName() + " " + new File("/x/y.txt").getParent());

        attempt("read missing", () -> Files.readAllBytes(ROOT.resolve("missing.txt")));
        attempt("FileInputStream missing", () -> new FileInputStream(ROOT.resolve("missing.txt").toFile()));
        attempt("FileInputStream of directory", () -> new FileInputStream(ROOT.toFile()));
        attempt("createDirectory existing", () -> Files.createDirectory(ROOT.resolve("a")));
        attempt("delete non-empty", () -> { Files.delete(ROOT.resolve("a")); return null; });
        attempt("list a file", () -> Files.list(text));
        attempt("newOutputStream CREATE_NEW", () -> Files.newOutputStream(text, StandardOpenOption.CREATE_NEW));
        attempt("delete missing", () -> Files.deleteIfExists(ROOT.resolve("missing.txt")));
        attempt("move missing", () -> Files.move(ROOT.resolve("missing.txt"), ROOT.resolve("z")));
        attempt("FileOutputStream in missing dir", () -> new FileOutputStream(ROOT.resolve("no/such/dir.txt").toFile()));

        try (Stream<Path> s = Files.walk(ROOT)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) Files.delete(q);
        }
        System.out.println("cleaned up: " + !Files.exists(ROOT));
    }
}

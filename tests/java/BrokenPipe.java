// Writes to a pipe and a socket whose reading ends are closed: the VM ignores SIGPIPE, as
// HotSpot does, so the writes fail with IOException instead of the signal ending the
// process (jtreg's java/nio/channels/SocketChannel/AdaptorStreams and AsyncCloseChannel
// exited with status 141 on Loupe).
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;

public class BrokenPipe {
    public static void main(String[] args) throws Exception {
        Pipe p = Pipe.open();
        p.source().close();
        try {
            p.sink().write(ByteBuffer.wrap(new byte[] { 1, 2, 3 }));
            System.out.println("pipe: written");
        } catch (IOException e) {
            System.out.println("pipe: " + e);
        }
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Socket client = new Socket(server.getInetAddress(), server.getLocalPort())) {
            server.accept().close();
            OutputStream out = client.getOutputStream();
            String result = "no exception";
            for (int i = 0; i < 200; i++) {
                try {
                    out.write(new byte[1024]);
                } catch (IOException e) {
                    result = e.getClass().getName();     // "Broken pipe" or "Connection reset": timing
                    break;
                }
                Thread.sleep(5);
            }
            System.out.println("socket: " + result);
        }
        System.out.println("still running");
    }
}

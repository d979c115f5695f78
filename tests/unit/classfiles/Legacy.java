// Compiled with --release 7 and 8 by test_classfile.c to cover older class-file versions.
package cftest;

public abstract class Legacy implements Runnable {
    static final String NAME = "legacy";
    private int x;

    public abstract void run();

    protected synchronized int bump() {
        return ++x;
    }

    public interface Old {
        int f();
    }

    public static class Impl extends Legacy implements Old {
        public void run() {
            bump();
        }

        public int f() {
            return bump();
        }
    }
}

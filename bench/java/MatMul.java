// MatMul: floating point over 2-D arrays. Dense double matrix multiply C = A x B with the
// i-k-j loop order (row arrays hoisted), then a transpose-and-dot variant; double
// loads, stores, multiplies and adds.
public final class MatMul {
    static double[][] make(int n, int seed) {
        double[][] m = new double[n][n];
        int x = seed;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                x = x * 1103515245 + 12345;
                m[i][j] = ((x >>> 8) & 0xffff) / 65536.0 - 0.5;
            }
        }
        return m;
    }

    static void multiply(double[][] a, double[][] b, double[][] c) {
        int n = a.length;
        for (int i = 0; i < n; i++) {
            double[] ci = c[i];
            for (int j = 0; j < n; j++) {
                ci[j] = 0.0;
            }
            double[] ai = a[i];
            for (int k = 0; k < n; k++) {
                double aik = ai[k];
                double[] bk = b[k];
                for (int j = 0; j < n; j++) {
                    ci[j] += aik * bk[j];
                }
            }
        }
    }

    static void multiplyTransposed(double[][] a, double[][] b, double[][] c) {
        int n = a.length;
        double[][] bt = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                bt[j][i] = b[i][j];
            }
        }
        for (int i = 0; i < n; i++) {
            double[] ai = a[i];
            for (int j = 0; j < n; j++) {
                double[] btj = bt[j];
                double s = 0.0;
                for (int k = 0; k < n; k++) {
                    s += ai[k] * btj[k];
                }
                c[i][j] = s;
            }
        }
    }

    public static void main(String[] args) {
        int reps = reps(args, 40);
        int n = 120;
        double[][] a = make(n, 1);
        double[][] b = make(n, 2);
        double[][] c = new double[n][n];
        double[][] d = new double[n][n];
        double sum = 0.0;
        for (int r = 0; r < reps; r++) {
            multiply(a, b, c);
            multiplyTransposed(a, b, d);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    sum += c[i][j] - 0.5 * d[i][j];
                }
            }
            // Feed the product back, rescaled to keep magnitudes near 1, so every repetition
            // computes something new.
            double[][] t = a;
            a = c;
            c = t;
            double max = 0.0;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    max = Math.max(max, Math.abs(a[i][j]));
                }
            }
            double k = 0.5 / max;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    a[i][j] *= k;
                }
            }
        }
        StringBuilder sb = new StringBuilder();
        sb.append("MatMul ").append(Double.doubleToLongBits(sum));
        System.out.println(sb.toString());
    }

    // args[0], if present, scales the amount of work (e.g. 0.1 or 4).
    static int reps(String[] args, int base) {
        if (args.length == 0) {
            return base;
        }
        return (int) Math.max(1, Math.round(base * Double.parseDouble(args[0])));
    }
}

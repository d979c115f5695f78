// Sort: array loads/stores and compares. Hand-written quicksort (median of three,
// insertion sort for short ranges) and heapsort of pseudo-random int arrays; each result
// is checked to be sorted and the two sorts to agree.
public final class Sort {
    static void quicksort(int[] a, int lo, int hi) {
        while (hi - lo > 16) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < a[lo]) swap(a, mid, lo);
            if (a[hi] < a[lo]) swap(a, hi, lo);
            if (a[hi] < a[mid]) swap(a, hi, mid);
            int pivot = a[mid];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (a[i] < pivot) i++;
                while (a[j] > pivot) j--;
                if (i <= j) {
                    swap(a, i, j);
                    i++;
                    j--;
                }
            }
            // Recurse into the smaller half, loop on the larger.
            if (j - lo < hi - i) {
                quicksort(a, lo, j);
                lo = i;
            } else {
                quicksort(a, i, hi);
                hi = j;
            }
        }
        for (int i = lo + 1; i <= hi; i++) {
            int v = a[i];
            int j = i - 1;
            while (j >= lo && a[j] > v) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    static void heapsort(int[] a) {
        int n = a.length;
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(a, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            swap(a, 0, end);
            siftDown(a, 0, end);
        }
    }

    static void siftDown(int[] a, int i, int n) {
        int v = a[i];
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) break;
            if (child + 1 < n && a[child + 1] > a[child]) child++;
            if (a[child] <= v) break;
            a[i] = a[child];
            i = child;
        }
        a[i] = v;
    }

    public static void main(String[] args) {
        int reps = reps(args, 12);
        int n = 100000;
        int[] a = new int[n];
        int[] b = new int[n];
        int seed = 42;
        long sum = 0;
        for (int r = 0; r < reps; r++) {
            for (int i = 0; i < n; i++) {
                seed = seed * 1664525 + 1013904223;
                a[i] = seed >> 4;
                b[i] = a[i];
            }
            quicksort(a, 0, n - 1);
            heapsort(b);
            for (int i = 0; i < n; i++) {
                if (a[i] != b[i] || (i > 0 && a[i - 1] > a[i])) {
                    throw new AssertionError("not sorted");
                }
                sum = sum * 31 + a[i];
            }
        }
        StringBuilder sb = new StringBuilder();
        sb.append("Sort ").append(sum);
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

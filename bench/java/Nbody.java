// Nbody: double arithmetic on object fields. A gravitational n-body simulation
// (symplectic Euler steps over all pairs of bodies) whose bodies are objects with seven
// double fields; Math.sqrt per pair; energy is the checksum.
public final class Nbody {
    static final class Body {
        double x, y, z, vx, vy, vz, mass;

        Body(double x, double y, double z, double vx, double vy, double vz, double mass) {
            this.x = x;
            this.y = y;
            this.z = z;
            this.vx = vx;
            this.vy = vy;
            this.vz = vz;
            this.mass = mass;
        }
    }

    static Body[] system(int n) {
        // A heavy central body and n-1 light ones on rough circular orbits.
        Body[] bodies = new Body[n];
        bodies[0] = new Body(0, 0, 0, 0, 0, 0, 1000.0);
        int seed = 7;
        for (int i = 1; i < n; i++) {
            seed = seed * 1103515245 + 12345;
            double r = 5.0 + i * 3.0 + ((seed >>> 16) & 255) / 256.0;
            // A point on the unit circle without trigonometry (Math.sin/cos may differ by an
            // ulp between VMs): (c, s) = ((1 - t^2) / (1 + t^2), 2t / (1 + t^2)).
            double t = 0.7 * i - 1.3;
            double c = (1 - t * t) / (1 + t * t);
            double s = 2 * t / (1 + t * t);
            double speed = Math.sqrt(1000.0 / r);
            bodies[i] = new Body(r * c, r * s, 0.01 * i, -speed * s, speed * c, 0.0,
                                 0.1 + 0.05 * i);
        }
        // Move to the centre-of-momentum frame.
        double px = 0, py = 0, pz = 0;
        for (Body b : bodies) {
            px += b.vx * b.mass;
            py += b.vy * b.mass;
            pz += b.vz * b.mass;
        }
        bodies[0].vx -= px / bodies[0].mass;
        bodies[0].vy -= py / bodies[0].mass;
        bodies[0].vz -= pz / bodies[0].mass;
        return bodies;
    }

    static void advance(Body[] bodies, double dt) {
        int n = bodies.length;
        for (int i = 0; i < n; i++) {
            Body a = bodies[i];
            for (int j = i + 1; j < n; j++) {
                Body b = bodies[j];
                double dx = a.x - b.x;
                double dy = a.y - b.y;
                double dz = a.z - b.z;
                double d2 = dx * dx + dy * dy + dz * dz;
                double mag = dt / (d2 * Math.sqrt(d2));
                double am = a.mass * mag;
                double bm = b.mass * mag;
                a.vx -= dx * bm;
                a.vy -= dy * bm;
                a.vz -= dz * bm;
                b.vx += dx * am;
                b.vy += dy * am;
                b.vz += dz * am;
            }
        }
        for (int i = 0; i < n; i++) {
            Body a = bodies[i];
            a.x += dt * a.vx;
            a.y += dt * a.vy;
            a.z += dt * a.vz;
        }
    }

    static double energy(Body[] bodies) {
        double e = 0.0;
        for (int i = 0; i < bodies.length; i++) {
            Body a = bodies[i];
            e += 0.5 * a.mass * (a.vx * a.vx + a.vy * a.vy + a.vz * a.vz);
            for (int j = i + 1; j < bodies.length; j++) {
                Body b = bodies[j];
                double dx = a.x - b.x;
                double dy = a.y - b.y;
                double dz = a.z - b.z;
                e -= a.mass * b.mass / Math.sqrt(dx * dx + dy * dy + dz * dz);
            }
        }
        return e;
    }

    public static void main(String[] args) {
        int steps = reps(args, 1000000);
        Body[] bodies = system(5);
        double before = energy(bodies);
        for (int s = 0; s < steps; s++) {
            advance(bodies, 0.001);
        }
        double after = energy(bodies);
        StringBuilder sb = new StringBuilder();
        sb.append("Nbody ").append(Double.doubleToLongBits(before))
          .append(' ').append(Double.doubleToLongBits(after));
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

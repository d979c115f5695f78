// Richards: object-oriented code in the style of Martin Richards' operating-system
// simulation (written from scratch here): a priority scheduler runs an idle task, a
// worker, two handlers and two devices that pass small packet objects to one another.
// Stresses field loads/stores, virtual calls (Task.run), interface calls (every kernel
// operation goes through the Kernel interface), linked-list walking and small objects.
public final class Richards {
    static final int IDLE = 0, WORKER = 1, HANDLER_A = 2, HANDLER_B = 3, DEVICE_A = 4, DEVICE_B = 5;
    static final int NTASKS = 6;
    static final int KIND_WORK = 0, KIND_DEVICE = 1;

    static final class Packet {
        Packet link;
        int origin;
        final int kind;
        int count;
        final int[] data = new int[4];

        Packet(Packet link, int origin, int kind) {
            this.link = link;
            this.origin = origin;
            this.kind = kind;
        }

        static Packet append(Packet p, Packet queue) {
            p.link = null;
            if (queue == null) {
                return p;
            }
            Packet q = queue;
            while (q.link != null) {
                q = q.link;
            }
            q.link = p;
            return queue;
        }
    }

    // What a task may ask of the scheduler; each returns the task to consider next.
    interface Kernel {
        Task send(Packet p, int to);
        Task waitFor();
        Task holdSelf();
        Task release(int id);
    }

    abstract static class Task {
        final int id;
        final int priority;
        Task next;          // all tasks, by decreasing priority
        Packet inbox;
        boolean waiting;
        boolean held;

        Task(int id, int priority, Packet inbox) {
            this.id = id;
            this.priority = priority;
            this.inbox = inbox;
            this.waiting = inbox == null;
        }

        final boolean runnable() {
            return !held && (!waiting || inbox != null);
        }

        abstract Task run(Kernel k, Packet p);
    }

    static final class IdleTask extends Task {
        int seed = 1;
        int remaining;

        IdleTask(int id, int count) {
            super(id, 0, null);
            this.waiting = false;
            this.remaining = count;
        }

        Task run(Kernel k, Packet p) {
            if (--remaining == 0) {
                return k.holdSelf();
            }
            // A 16-bit linear feedback shift register chooses which device to wake.
            if ((seed & 1) == 0) {
                seed >>= 1;
                return k.release(DEVICE_A);
            }
            seed = (seed >> 1) ^ 0xd008;
            return k.release(DEVICE_B);
        }
    }

    static final class WorkerTask extends Task {
        int target = HANDLER_A;
        int letter = 0;

        WorkerTask(int id, Packet inbox) {
            super(id, 1000, inbox);
        }

        Task run(Kernel k, Packet p) {
            if (p == null) {
                return k.waitFor();
            }
            target = target == HANDLER_A ? HANDLER_B : HANDLER_A;
            p.origin = target;
            p.count = 0;
            for (int i = 0; i < p.data.length; i++) {
                letter = letter == 26 ? 1 : letter + 1;
                p.data[i] = letter;
            }
            return k.send(p, target);
        }
    }

    static final class HandlerTask extends Task {
        final int device;
        Packet work;
        Packet devices;

        HandlerTask(int id, int priority, int device, Packet inbox) {
            super(id, priority, inbox);
            this.device = device;
        }

        Task run(Kernel k, Packet p) {
            if (p != null) {
                if (p.kind == KIND_WORK) {
                    work = Packet.append(p, work);
                } else {
                    devices = Packet.append(p, devices);
                }
            }
            if (work != null) {
                Packet w = work;
                if (w.count >= w.data.length) {
                    work = w.link;
                    return k.send(w, WORKER);
                }
                if (devices != null) {
                    Packet d = devices;
                    devices = d.link;
                    d.count = w.data[w.count++];
                    return k.send(d, device);
                }
            }
            return k.waitFor();
        }
    }

    static final class DeviceTask extends Task {
        Packet pending;
        long received;

        DeviceTask(int id, int priority) {
            super(id, priority, null);
        }

        Task run(Kernel k, Packet p) {
            if (p == null) {
                if (pending == null) {
                    return k.waitFor();
                }
                Packet d = pending;
                pending = null;
                return k.send(d, d.origin);
            }
            pending = p;
            received += p.count;
            return k.holdSelf();
        }
    }

    static final class Scheduler implements Kernel {
        final Task[] byId = new Task[NTASKS];
        Task list;
        Task current;
        int sends;
        int holds;

        void add(Task t) {
            byId[t.id] = t;
            if (list == null || t.priority > list.priority) {
                t.next = list;
                list = t;
                return;
            }
            Task q = list;
            while (q.next != null && q.next.priority >= t.priority) {
                q = q.next;
            }
            t.next = q.next;
            q.next = t;
        }

        void schedule() {
            Task t = list;
            while (t != null) {
                if (!t.runnable()) {
                    t = t.next;
                    continue;
                }
                Packet p = null;
                if (t.waiting) {
                    p = t.inbox;
                    t.inbox = p.link;
                    p.link = null;
                    t.waiting = false;
                }
                current = t;
                t = t.run(this, p);
            }
        }

        public Task send(Packet p, int to) {
            sends++;
            Task t = byId[to];
            p.origin = current.id;
            if (t.inbox == null && !t.waiting) {
                // The receiver is busy: it takes the packet the next time it waits.
                t.inbox = p;
                p.link = null;
                return current;
            }
            t.inbox = Packet.append(p, t.inbox);
            return t.priority > current.priority ? t : current;
        }

        public Task waitFor() {
            current.waiting = true;
            return current;
        }

        public Task holdSelf() {
            holds++;
            current.held = true;
            return current.next;
        }

        public Task release(int id) {
            Task t = byId[id];
            t.held = false;
            return t.priority > current.priority ? t : current;
        }
    }

    static long simulate(int count) {
        Scheduler s = new Scheduler();
        s.add(new IdleTask(IDLE, count));
        Packet q = new Packet(null, WORKER, KIND_WORK);
        q = new Packet(q, WORKER, KIND_WORK);
        s.add(new WorkerTask(WORKER, q));
        q = new Packet(null, DEVICE_A, KIND_DEVICE);
        q = new Packet(q, DEVICE_A, KIND_DEVICE);
        q = new Packet(q, DEVICE_A, KIND_DEVICE);
        s.add(new HandlerTask(HANDLER_A, 2000, DEVICE_A, q));
        q = new Packet(null, DEVICE_B, KIND_DEVICE);
        q = new Packet(q, DEVICE_B, KIND_DEVICE);
        q = new Packet(q, DEVICE_B, KIND_DEVICE);
        s.add(new HandlerTask(HANDLER_B, 3000, DEVICE_B, q));
        DeviceTask a = new DeviceTask(DEVICE_A, 4000);
        DeviceTask b = new DeviceTask(DEVICE_B, 5000);
        s.add(a);
        s.add(b);
        s.schedule();
        return s.sends * 1000003L + s.holds * 10007L + a.received * 31 + b.received;
    }

    public static void main(String[] args) {
        int reps = reps(args, 80);
        long sum = 0;
        for (int r = 0; r < reps; r++) {
            sum = sum * 17 + simulate(10000 + r);
        }
        StringBuilder sb = new StringBuilder();
        sb.append("Richards ").append(sum);
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

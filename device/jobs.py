"""Long work, a step at a time: an AI's decision, a hint, a save write, the
next hand dealt while a summary is read. The app's loop (device/app.py)
steps the front job once a turn, between frames, so that a frame is never
held behind a job and a press waits for one short step at most.

A job has a named state (PENDING until its first step, RUNNING, then DONE
or CANCELLED), ``step(now)`` that does one short piece and returns True
when the job is done, and ``cancel()``. A job's ``group`` names what it is
for: starting a job cancels the one of the same group before it (a new
hint the old one, a game write the settings' write it carries). Jobs run
in the order of their ``rank``, then of their start: the hand's summary
first, then the save, then the AI (it thinks once the play before is
written), then what is made ahead.
"""

PENDING = "pending"
RUNNING = "running"
DONE = "done"
CANCELLED = "cancelled"


class Job:
    group = None    # a name: a job started cancels the earlier one of its group
    rank = 5        # lower runs first (Jobs.step)

    def __init__(self):
        self.state = PENDING

    def step(self, now):
        """One short piece of the work; True when the job is done."""
        return True

    def cancel(self):
        if self.state == PENDING or self.state == RUNNING:
            self.state = CANCELLED
            self.cancelled()

    def cancelled(self):
        """What the job lets go of when it is cancelled."""


class Jobs:
    """The app's jobs, front first (rank, then start)."""

    def __init__(self):
        self.queue = []

    def start(self, job):
        if job.group is not None:
            self.cancel(job.group)
        q = self.queue
        i = len(q)
        while i > 0 and q[i - 1].rank > job.rank:
            i -= 1
        q.insert(i, job)
        return job

    def cancel(self, group):
        q = self.queue
        i = 0
        while i < len(q):
            if q[i].group == group:
                q.pop(i).cancel()
            else:
                i += 1

    def find(self, group):
        for j in self.queue:
            if j.group == group:
                return j
        return None

    def step(self, now):
        """A step of the front job; True when there was one (the app's loop
        does the same inline: device/app.py App.run)."""
        if not self.queue:
            return False
        job = self.queue[0]
        job.state = RUNNING
        if job.step(now):
            self.done(job)
        return True

    def done(self, job):
        """job's step said it is done: it leaves the queue."""
        if job.state == RUNNING:
            job.state = DONE
        if job in self.queue:       # (it may have started jobs before it)
            self.queue.remove(job)

    def __len__(self):
        return len(self.queue)

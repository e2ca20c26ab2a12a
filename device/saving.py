"""The app's writes as jobs (device/jobs.py): a game's record in three loop
turns of its own after the frame of the play (encoded, framed and placed,
written to the nvm: a flash page, or the sector's 51 ms when the log comes
round), so that a press landing in a write waits for one of them, not
for the whole; the settings in one.
"""
from device.jobs import Job
from device.save import EARLY_ERASE

ENCODE = "encode"
FRAME = "frame"
WRITE = "write"


class SaveJob(Job):
    """Write the game: the one in progress, recorded at the job's first
    step (record), or App.saved as it is (a hand's end, a new game)."""
    group = "save"
    rank = 1

    def __init__(self, app, record):
        Job.__init__(self)
        self.app = app
        self.record = record
        self.stage = ENCODE     # the stage to do next: moved on once one is done

    def step(self, now):
        app = self.app
        st = self.stage
        if st == ENCODE:
            if self.record:
                if app.sess is None or app.play.summed:
                    # no game, or the hand's summary made first: its record,
                    # the next hand's start, is written once it shows
                    return True
                app.saved = app.record()
            if not app.write_game(hold=True):
                return True
            self.stage = FRAME
            return False
        if st == FRAME:
            # the log written again early where no play can land in the
            # write (an AI or the other device to move): the sector's erase
            # falls here, not in the write a person's next play waits for
            calm = app.screen is app.table and not app.play.persons_turn()
            app.store.frame_held(EARLY_ERASE if calm else 0)
            self.stage = WRITE
            return False
        app.store.flush()
        return True

    def finish(self):
        """What is left of the write, at once (after an error: device/app.py main)."""
        app = self.app
        if self.stage == ENCODE:
            if self.record and app.sess is not None:
                app.saved = app.record()
            app.write_game()
        else:
            app.store.flush()


class SettingsJob(Job):
    """Write the settings (a game's next write carries them instead)."""
    group = "settings"
    rank = 2

    def __init__(self, app):
        Job.__init__(self)
        self.app = app

    def step(self, now):
        self.finish()
        return True

    def finish(self):
        self.app.store.save_settings(self.app.settings)

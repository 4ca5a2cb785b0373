/* exported init enable disable */
// Better Morning's tests read GNOME Shell's message tray through org.gnome.Shell.Eval,
// which GNOME Shell 43 answers only in unsafe mode, and no command-line flag turns that
// on. The shell announces the switch with a notification of its own; it is taken back
// at once, so that the tray holds only what the test put there.
const Main = imports.ui.main;

function init() {}

function enable() {
    global.context.unsafe_mode = true;
    for (const source of Main.messageTray.getSources()) {
        for (const notification of [...source.notifications]) {
            if (notification.title === 'System was put in unsafe mode')
                notification.destroy();
        }
    }
}

function disable() {
    global.context.unsafe_mode = false;
}

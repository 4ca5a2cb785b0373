/* The least a libadwaita window can be, for bench/window to measure beside the window and
 * GNOME Clocks: an AdwApplication whose one AdwApplicationWindow holds a header bar (as
 * every GNOME window has, and where the bench looks for drawn pixels) and a label.
 * Whatever this costs, any libadwaita app pays: GTK, libadwaita, their styles, fonts and
 * the renderer. Built by bench/window with cc and `pkg-config libadwaita-1`.
 */
#include <adwaita.h>

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    GtkWidget *window = adw_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Window Floor");
    gtk_window_set_default_size(GTK_WINDOW(window), 480, 720);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(box), adw_header_bar_new());
    GtkWidget *label = gtk_label_new("Good morning");
    gtk_widget_set_vexpand(label, TRUE);
    gtk_box_append(GTK_BOX(box), label);
    adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), box);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    AdwApplication *app = adw_application_new("org.bettermorning.WindowFloor", G_APPLICATION_DEFAULT_FLAGS);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}

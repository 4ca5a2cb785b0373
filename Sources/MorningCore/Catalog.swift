/// The celebrity routines shipped inside the program.
///
/// Each routine follows a published account (the `source`); times are the ones the
/// account gives, rounded to the five-minute grid, and where an account names an
/// order but no clock time, the time is a reasonable placement of that step.
/// Titles and bios are written for this program, not quoted.
public enum Catalog {
    /// Every celebrity routine the program ships, in the order `bmctl explore` lists them
    /// (by year of birth).
    public static let entries: [CatalogEntry] = [
        CatalogEntry(
            id: "franklin",
            name: "Benjamin Franklin",
            bio: "American printer, writer, scientist and statesman who helped draft the Declaration of Independence. He planned each day on a written hour-by-hour scheme.",
            source: "Benjamin Franklin, The Autobiography of Benjamin Franklin (written 1771–1790, first published 1791): his daily scheme of order",
            tasks: [
                ("05:00", "Rise and wash"),
                ("05:15", "Say a morning prayer"),
                ("05:30", "Ask yourself what good you will do today"),
                ("05:45", "Plan the day's business and set its resolution"),
                ("06:15", "Carry on with your current study"),
                ("07:00", "Eat breakfast"),
                ("08:00", "Work until noon"),
                ("12:00", "Read or go over your accounts, then have lunch"),
            ]
        ),
        CatalogEntry(
            id: "kant",
            name: "Immanuel Kant",
            bio: "German philosopher of the Enlightenment, author of the Critique of Pure Reason. He spent his life in Königsberg and kept famously regular hours.",
            source: "Manfred Kuehn, Kant: A Biography (Cambridge University Press, 2001)",
            tasks: [
                ("05:00", "Get up when your servant calls"),
                ("05:05", "Drink weak tea and smoke one pipe while thinking"),
                ("05:30", "Prepare lectures and work on your books"),
                ("07:00", "Give lectures until eleven"),
                ("11:00", "Write until lunch"),
                ("12:45", "Dress and go to lunch with friends"),
            ]
        ),
        CatalogEntry(
            id: "beethoven",
            name: "Ludwig van Beethoven",
            bio: "German composer whose symphonies, sonatas and quartets bridge the Classical and Romantic eras. He kept composing after he lost his hearing.",
            source: "Anton Schindler, Biographie von Ludwig van Beethoven (1840; English edition Beethoven as I Knew Him, 1966); summarized in Mason Currey, Daily Rituals (2013)",
            tasks: [
                ("06:00", "Get up at daybreak"),
                ("06:05", "Count out sixty coffee beans and brew a cup"),
                ("06:30", "Compose at your desk"),
                ("10:30", "Take a short walk outdoors to gather ideas"),
                ("11:00", "Go back to composing until early afternoon"),
            ]
        ),
        CatalogEntry(
            id: "hugo",
            name: "Victor Hugo",
            bio: "French poet and novelist, author of Les Misérables and The Hunchback of Notre-Dame. Much of his later work was written in exile on Guernsey.",
            source: "Graham Robb, Victor Hugo: A Biography (1997); summarized in Mason Currey, Daily Rituals (2013)",
            tasks: [
                ("06:00", "Wake at dawn with the fort's morning gun"),
                ("06:05", "Read the morning letter over fresh coffee"),
                ("06:15", "Swallow two raw eggs"),
                ("06:30", "Write standing at a desk in the glass lookout"),
                ("11:00", "Douse yourself with cold water on the rooftop"),
                ("12:00", "Have lunch"),
            ]
        ),
        CatalogEntry(
            id: "darwin",
            name: "Charles Darwin",
            bio: "English naturalist whose On the Origin of Species set out the theory of evolution by natural selection. He worked from his home at Down House in Kent.",
            source: "Francis Darwin (ed.), The Life and Letters of Charles Darwin (1887), chapter \"Reminiscences of My Father's Everyday Life\"",
            tasks: [
                ("07:00", "Get up and take a short walk before breakfast"),
                ("07:45", "Eat breakfast alone"),
                ("08:00", "Work in the study: your best hours"),
                ("09:30", "Read the morning letters on the sofa"),
                ("10:00", "Listen to family letters or a novel read aloud"),
                ("10:30", "Go back to work"),
                ("12:00", "Visit the greenhouse, then walk the Sandwalk"),
            ]
        ),
        CatalogEntry(
            id: "trollope",
            name: "Anthony Trollope",
            bio: "English Victorian novelist of the Barsetshire and Palliser series. He wrote dozens of novels before breakfast while holding a full-time Post Office job.",
            source: "Anthony Trollope, An Autobiography (1883)",
            tasks: [
                ("05:00", "Get up and drink the coffee brought to you"),
                ("05:30", "Sit at your desk and reread yesterday's pages"),
                ("06:00", "Write 250 words every quarter hour, watch in view"),
                ("08:30", "Stop writing and get ready for the day job"),
            ]
        ),
        CatalogEntry(
            id: "churchill",
            name: "Winston Churchill",
            bio: "British prime minister during the Second World War and winner of the 1953 Nobel Prize in Literature. At Chartwell he ran his days on a strict timetable.",
            source: "The Churchill Centre (International Churchill Society), his daily routine at Chartwell; William Manchester, The Last Lion: Winston Spencer Churchill, Alone, 1932–1940 (1988)",
            tasks: [
                ("07:30", "Wake up and eat breakfast in bed"),
                ("08:00", "Read the mail and every national newspaper in bed"),
                ("09:00", "Dictate letters and drafts to secretaries from bed"),
                ("11:00", "Get up and take a hot bath"),
                ("11:30", "Walk around the garden"),
                ("13:00", "Sit down to a long lunch with family and guests"),
            ]
        ),
        CatalogEntry(
            id: "hemingway",
            name: "Ernest Hemingway",
            bio: "American novelist and short-story writer, author of The Old Man and the Sea and winner of the 1954 Nobel Prize in Literature.",
            source: "George Plimpton, \"Ernest Hemingway, The Art of Fiction No. 21\", The Paris Review 18 (Spring 1958)",
            tasks: [
                ("05:30", "Get up at first light"),
                ("05:45", "Reread and rework yesterday's pages"),
                ("06:15", "Write standing up while it is cool and quiet"),
                ("12:00", "Stop while you still know what happens next"),
                ("12:05", "Log the day's word count on your chart"),
            ]
        ),
        CatalogEntry(
            id: "angelou",
            name: "Maya Angelou",
            bio: "American poet, memoirist and civil rights activist, author of I Know Why the Caged Bird Sings. She did her writing in rented hotel rooms, never at home.",
            source: "George Plimpton, \"Maya Angelou, The Art of Fiction No. 119\", The Paris Review 116 (Fall 1990); 1983 interview quoted in Mason Currey, Daily Rituals (2013)",
            tasks: [
                ("05:30", "Get up"),
                ("06:00", "Have coffee with your partner"),
                ("06:30", "Go to your bare rented writing room"),
                ("06:45", "Read a little to tune your ear for language"),
                ("07:00", "Write lying across the bed on yellow pads"),
                ("12:30", "Go home and take a shower"),
            ]
        ),
        CatalogEntry(
            id: "morrison",
            name: "Toni Morrison",
            bio: "American novelist, author of Beloved and Song of Solomon, and winner of the 1993 Nobel Prize in Literature. She wrote her early books before dawn while raising two sons.",
            source: "Elissa Schappell and Claudia Brodsky Lacour, \"Toni Morrison, The Art of Fiction No. 134\", The Paris Review 128 (Fall 1993)",
            tasks: [
                ("05:00", "Get up while it is still dark"),
                ("05:05", "Make a cup of coffee"),
                ("05:10", "Drink it and watch the light come up"),
                ("05:40", "Write before the household wakes"),
            ]
        ),
        CatalogEntry(
            id: "tharp",
            name: "Twyla Tharp",
            bio: "American choreographer who has made works for her own company, major ballet troupes and Broadway. She treats creativity as a daily habit.",
            source: "Twyla Tharp, The Creative Habit: Learn It and Use It for Life (2003)",
            tasks: [
                ("05:30", "Wake up"),
                ("05:35", "Put on workout clothes, leg warmers and a hat"),
                ("05:45", "Step outside and hail a taxi to the gym"),
                ("06:00", "Stretch and train for two hours"),
            ]
        ),
        CatalogEntry(
            id: "stephen-king",
            name: "Stephen King",
            bio: "American author of horror and suspense novels such as Carrie, The Shining and It. He writes every day and aims for a fixed number of words.",
            source: "Stephen King, On Writing: A Memoir of the Craft (2000); Lisa Rogak, Haunted Heart: The Life and Times of Stephen King (2008)",
            tasks: [
                ("08:00", "Sit down in the same seat at your desk"),
                ("08:05", "Take a vitamin with a glass of water or tea"),
                ("08:10", "Put on music and arrange your papers"),
                ("08:15", "Write ten pages, about 2,000 words"),
            ]
        ),
        CatalogEntry(
            id: "murakami",
            name: "Haruki Murakami",
            bio: "Japanese novelist, author of Norwegian Wood and Kafka on the Shore, and a committed long-distance runner.",
            source: "John Wray, \"Haruki Murakami, The Art of Fiction No. 182\", The Paris Review 170 (Summer 2004)",
            tasks: [
                ("04:00", "Get up at four"),
                ("04:15", "Write for five to six hours"),
                ("10:00", "Stop writing for the day"),
                ("13:00", "Run ten kilometers or swim 1,500 meters"),
            ]
        ),
        CatalogEntry(
            id: "oprah",
            name: "Oprah Winfrey",
            bio: "American talk-show host, actor, producer and philanthropist. Her morning is built around nature, her dogs and quiet time.",
            source: "\"24 Hours with Oprah Winfrey\", Harper's Bazaar (February 2018)",
            tasks: [
                ("07:10", "Wake up and open the blinds to the view"),
                ("08:00", "Brush your teeth"),
                ("08:05", "Take the dogs out for a walk around the yard"),
                ("08:15", "Make a hazelnut espresso with milk"),
                ("08:20", "Read five cards of inspiring sayings"),
                ("08:30", "Read a short spiritual teaching"),
                ("08:40", "Meditate outdoors"),
                ("09:00", "Work out for an hour"),
            ]
        ),
        CatalogEntry(
            id: "tim-cook",
            name: "Tim Cook",
            bio: "American business executive who became chief executive of Apple in 2011. He starts his day long before sunrise.",
            source: "Interview with Ina Fried and Mike Allen, Axios on HBO (November 2018)",
            tasks: [
                ("03:45", "Get up a little before four"),
                ("04:00", "Read customer comments and feedback for an hour"),
                ("05:00", "Work out at the gym for an hour"),
                ("06:00", "Start the working day"),
            ]
        ),
        CatalogEntry(
            id: "barack-obama",
            name: "Barack Obama",
            bio: "44th president of the United States, from 2009 to 2017. He kept his mornings routine so that his decisions went to the work.",
            source: "Michael Lewis, \"Obama's Way\", Vanity Fair (October 2012)",
            tasks: [
                ("07:00", "Wake up"),
                ("07:30", "Work out: cardio one day, weights the next"),
                ("08:30", "Shower and put on a blue or gray suit"),
                ("08:45", "Eat a quick breakfast and scan the papers"),
                ("09:00", "Read the daily security briefing"),
            ]
        ),
        CatalogEntry(
            id: "michelle-obama",
            name: "Michelle Obama",
            bio: "American lawyer and author, First Lady of the United States from 2009 to 2017, who led the Let's Move! campaign for children's health.",
            source: "Interview as guest editor of iVillage (August 2012); Lisa Rogak (ed.), Michelle Obama in Her Own Words (2009)",
            tasks: [
                ("04:30", "Get up before the rest of the family"),
                ("04:45", "Work out at the gym"),
                ("06:00", "Be home as the children wake up"),
            ]
        ),
        CatalogEntry(
            id: "bezos",
            name: "Jeff Bezos",
            bio: "American entrepreneur who founded Amazon in 1994 and the space company Blue Origin. He guards an unhurried start to his day.",
            source: "Interview with David Rubenstein, Economic Club of Washington, D.C. (September 2018)",
            tasks: [
                ("06:30", "Wake up after eight hours of sleep"),
                ("06:45", "Read the newspaper over coffee"),
                ("07:15", "Have breakfast with the kids before school"),
                ("08:00", "Putter around the house without meetings"),
                ("10:00", "Hold your first meeting, saving hard ones for before lunch"),
            ]
        ),
        CatalogEntry(
            id: "wahlberg",
            name: "Mark Wahlberg",
            bio: "American actor, producer and former rapper, known for The Departed and Boogie Nights. His published schedule starts in the middle of the night.",
            source: "Mark Wahlberg, daily schedule posted to his Instagram story (September 2018), as reported by E! News and The Ringer",
            tasks: [
                ("02:30", "Wake up"),
                ("02:45", "Pray"),
                ("03:15", "Eat breakfast"),
                ("03:40", "Work out until 5:15"),
                ("05:30", "Eat the post-workout meal"),
                ("06:00", "Shower"),
                ("07:30", "Play golf"),
                ("08:00", "Have a snack"),
                ("09:30", "Recover in the cryo chamber"),
                ("10:30", "Have a snack"),
                ("11:00", "Family time, meetings and work calls"),
            ]
        ),
        CatalogEntry(
            id: "ferriss",
            name: "Tim Ferriss",
            bio: "American author and podcaster of The 4-Hour Workweek, who studies the habits of high performers.",
            source: "Tim Ferriss, Tools of Titans (2016): his five morning rituals",
            tasks: [
                ("08:00", "Make your bed"),
                ("08:05", "Meditate for ten to twenty minutes"),
                ("08:25", "Do five to ten reps of a simple exercise"),
                ("08:30", "Brew a pot of tea"),
                ("08:35", "Write morning pages or a five-minute journal"),
            ]
        ),
    ]

    private static let byID: [String: CatalogEntry] =
        Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// The catalog entry with this id (as typed in `bmctl activate <id>`), or nil.
    public static func entry(id: String) -> CatalogEntry? {
        byID[id]
    }
}

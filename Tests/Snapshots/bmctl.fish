function __bmctl_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bmctl_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __bmctl_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bmctl_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __bmctl_parse_tokens -S
    set -l unparsed_tokens (__bmctl_tokens -pc)
    switch $unparsed_tokens[1]
    case 'bmctl'
        __bmctl_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'status'
            __bmctl_parse_subcommand 0 'json' 'socket=' 'no-autostart' 'follow' 'format=' 'max-width=' 'version' 'h/help'
        case 'today'
            __bmctl_parse_subcommand 0 'json' 'socket=' 'no-autostart' 'version' 'h/help'
        case 'day'
            __bmctl_parse_subcommand 1 'json' 'socket=' 'no-autostart' 'routine=' 'version' 'h/help'
        case 'check'
            __bmctl_parse_subcommand 1 'json' 'socket=' 'no-autostart' 'date=' 'version' 'h/help'
        case 'uncheck'
            __bmctl_parse_subcommand 1 'json' 'socket=' 'no-autostart' 'date=' 'version' 'h/help'
        case 'explore'
            __bmctl_parse_subcommand 1 'json' 'socket=' 'no-autostart' 'version' 'h/help'
        case 'activate'
            __bmctl_parse_subcommand 1 'json' 'socket=' 'no-autostart' 'y/yes' 'version' 'h/help'
        case 'restart'
            __bmctl_parse_subcommand 1 'json' 'socket=' 'no-autostart' 'y/yes' 'version' 'h/help'
        case 'delete'
            __bmctl_parse_subcommand 1 'json' 'socket=' 'no-autostart' 'y/yes' 'version' 'h/help'
        case 'reset'
            __bmctl_parse_subcommand 0 'json' 'socket=' 'no-autostart' 'y/yes' 'version' 'h/help'
        case 'week'
            __bmctl_parse_subcommand 1 'json' 'socket=' 'no-autostart' 'week=' 'prev=' 'next=' 'version' 'h/help'
        case 'data'
            __bmctl_parse_subcommand 0 'json' 'socket=' 'no-autostart' 'version' 'h/help'
        case 'stats'
            __bmctl_parse_subcommand 1 'json' 'socket=' 'no-autostart' 'version' 'h/help'
        case 'history'
            __bmctl_parse_subcommand 1 'json' 'socket=' 'no-autostart' 'months=' 'version' 'h/help'
        case 'export'
            __bmctl_parse_subcommand 1 'json' 'socket=' 'no-autostart' 'format=' 'o/output=' 'version' 'h/help'
        case 'import'
            __bmctl_parse_subcommand 1 'json' 'socket=' 'no-autostart' 'replace' 'version' 'h/help'
        case 'notifications'
            __bmctl_parse_subcommand 2 'json' 'socket=' 'no-autostart' 'version' 'h/help'
        case 'reload'
            __bmctl_parse_subcommand 0 'json' 'socket=' 'no-autostart' 'version' 'h/help'
        case 'welcome'
            __bmctl_parse_subcommand 0 'json' 'socket=' 'no-autostart' 'version' 'h/help'
        case 'create'
            __bmctl_parse_subcommand 0 'json' 'socket=' 'no-autostart' 'title=' 'task=+' 'from=' 'version' 'h/help'
        case 'draft'
            __bmctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'show'
                __bmctl_parse_subcommand 0 'json' 'socket=' 'no-autostart' 'version' 'h/help'
            case 'title'
                __bmctl_parse_subcommand -r 1 'json' 'socket=' 'no-autostart' 'revision=' 'version' 'h/help'
            case 'add'
                __bmctl_parse_subcommand -r 2 'json' 'socket=' 'no-autostart' 'revision=' 'version' 'h/help'
            case 'remove'
                __bmctl_parse_subcommand 1 'json' 'socket=' 'no-autostart' 'revision=' 'version' 'h/help'
            case 'save'
                __bmctl_parse_subcommand 0 'json' 'socket=' 'no-autostart' 'y/yes' 'revision=' 'version' 'h/help'
            case 'discard'
                __bmctl_parse_subcommand 0 'json' 'socket=' 'no-autostart' 'revision=' 'version' 'h/help'
            end
        case 'help'
            __bmctl_parse_subcommand -r 1 'version'
        end
    end
end

function __bmctl_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __bmctl_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __bmctl_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __bmctl_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__bmctl_tokens -p)
    if test -z "$(__bmctl_tokens -t)"
        set -l index (count (__bmctl_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'bmctl' -f
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'status' -d 'Show the active routine, today\'s progress, the current and next task, and the reminder.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'today' -d 'Show today\'s tasks (the same as `day today`).'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'day' -d 'Show one day of the active routine: today, a past day or a day ahead.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'check' -d 'Mark a task of today done.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'uncheck' -d 'Return a task of today to untouched.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'explore' -d 'List the celebrity routines, or show one with its bio, source and tasks.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'activate' -d 'Make a routine your active one, starting tomorrow.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'restart' -d 'Start a routine over from tomorrow; its history stays.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'delete' -d 'Remove one of your routines with all of its history.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'reset' -d 'Remove every routine, record and setting.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'week' -d 'Show one week of a routine: a bar per day for the tasks completed.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'data' -d 'Show a card for each of your routines with this week\'s chart.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'stats' -d 'Show totals of your finished days: tasks completed, perfect days, best run.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'history' -d 'Show the last months as a calendar heatmap: a cell per day, shaded by the tasks done.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'export' -d 'Write every routine with its tasks, day records and task states, as JSON or CSV; or a routine as a calendar.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'import' -d 'Restore a JSON export: into an empty Better Morning, or over everything with --replace.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'notifications' -d 'Show whether the daily reminder is on, turn it, its sound or its staying on screen on or off, or show a test notification.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'reload' -d 'Make bmd read the time zone again and plan the next reminder anew.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'welcome' -d 'Show the welcome: what Better Morning does and what to type first.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'create' -d 'Create your own routine: asked for on a terminal, or given whole with --title and --task or --from.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'draft' -d 'Write your own routine step by step; bmd keeps the draft until you save it.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl status" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl status" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl status" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl status" follow' -l 'follow' -d 'Keep running and print a new line whenever the status changes.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl status" format' -l 'format' -d 'Print what a status bar reads: text, waybar, i3blocks or polybar.' -rfka 'text waybar i3blocks polybar'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl status" max-width' -l 'max-width' -d 'The most characters a bar\'s text takes; longer titles end in an ellipsis.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl status" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl today" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl today" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl today" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl today" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl today" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl day" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl day" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl day" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl day" routine' -l 'routine' -d 'One of your routines instead of the active one: its id, name, or the start of it.' -rfka '(__bmctl_custom_completion ---completion day -- --routine (count (__bmctl_tokens -pc)) (__bmctl_tokens -tC))'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl day" -eq 1' -fka 'today yesterday tomorrow'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl day" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl day" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl check" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl check" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl check" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl check" -eq 1' -fka '(__bmctl_custom_completion ---completion check -- positional@0 (count (__bmctl_tokens -pc)) (__bmctl_tokens -tC))'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl check" date' -l 'date' -d 'The day, if not today: YYYY-MM-DD, today, yesterday or tomorrow. Only today can change.' -rfka 'today yesterday tomorrow'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl check" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl check" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl uncheck" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl uncheck" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl uncheck" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl uncheck" -eq 1' -fka '(__bmctl_custom_completion ---completion uncheck -- positional@0 (count (__bmctl_tokens -pc)) (__bmctl_tokens -tC))'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl uncheck" date' -l 'date' -d 'The day, if not today: YYYY-MM-DD, today, yesterday or tomorrow. Only today can change.' -rfka 'today yesterday tomorrow'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl uncheck" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl uncheck" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl explore" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl explore" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl explore" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl explore" -eq 1' -fka '(__bmctl_custom_completion ---completion explore -- positional@0 (count (__bmctl_tokens -pc)) (__bmctl_tokens -tC))'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl explore" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl explore" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl activate" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl activate" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl activate" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl activate" -eq 1' -fka '(__bmctl_custom_completion ---completion activate -- positional@0 (count (__bmctl_tokens -pc)) (__bmctl_tokens -tC))'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl activate" y yes' -s 'y' -l 'yes' -d 'Do not ask before ending today of the routine that is running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl activate" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl activate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl restart" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl restart" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl restart" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl restart" -eq 1' -fka '(__bmctl_custom_completion ---completion restart -- positional@0 (count (__bmctl_tokens -pc)) (__bmctl_tokens -tC))'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl restart" y yes' -s 'y' -l 'yes' -d 'Do not ask for confirmation on a terminal.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl restart" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl restart" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl delete" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl delete" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl delete" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl delete" -eq 1' -fka '(__bmctl_custom_completion ---completion delete -- positional@0 (count (__bmctl_tokens -pc)) (__bmctl_tokens -tC))'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl delete" y yes' -s 'y' -l 'yes' -d 'Do not ask for confirmation.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl delete" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl delete" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl reset" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl reset" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl reset" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl reset" y yes' -s 'y' -l 'yes' -d 'Do not ask for confirmation.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl reset" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl reset" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl week" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl week" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl week" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl week" -eq 1' -fka '(__bmctl_custom_completion ---completion week -- positional@0 (count (__bmctl_tokens -pc)) (__bmctl_tokens -tC))'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl week" week' -l 'week' -d 'The week that holds this day: YYYY-MM-DD, today, yesterday or tomorrow.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl week" prev' -l 'prev' -d 'Go back this many weeks.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl week" next' -l 'next' -d 'Go forward this many weeks.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl week" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl week" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl data" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl data" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl data" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl data" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl data" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl stats" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl stats" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl stats" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl stats" -eq 1' -fka '(__bmctl_custom_completion ---completion stats -- positional@0 (count (__bmctl_tokens -pc)) (__bmctl_tokens -tC))'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl stats" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl stats" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl history" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl history" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl history" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl history" -eq 1' -fka '(__bmctl_custom_completion ---completion history -- positional@0 (count (__bmctl_tokens -pc)) (__bmctl_tokens -tC))'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl history" months' -l 'months' -d 'Whole calendar months to show, this one included: 6 or 12 (1 to 12).' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl history" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl history" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl export" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl export" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl export" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl export" format' -l 'format' -d 'json (for bmctl import), csv (for spreadsheets) or ics (for calendars).' -rfka 'json csv ics'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl export" -eq 1' -fka '(__bmctl_custom_completion ---completion export -- positional@0 (count (__bmctl_tokens -pc)) (__bmctl_tokens -tC))'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl export" o output' -s 'o' -l 'output' -d 'Write to this file (created 0600) instead of stdout.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl export" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl export" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl import" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl import" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl import" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl import" replace' -l 'replace' -d 'Replace every routine and record instead of refusing when there are some.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl import" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl import" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl notifications" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl notifications" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl notifications" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl notifications" -eq 1' -fka 'on off test sound keep'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl notifications" -eq 2' -fka 'on off'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl notifications" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl notifications" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl reload" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl reload" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl reload" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl reload" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl reload" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl welcome" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl welcome" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl welcome" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl welcome" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl welcome" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl create" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl create" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl create" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl create" title' -l 'title' -d 'The routine\'s title, 1 to 20 characters (with --task).' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl create"' -l 'task' -d 'A task as "TIME TITLE", such as "06:45 Stretch" or "6:45am Stretch"; once per task.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl create" from' -l 'from' -d 'Read the routine from a routine file; - reads stdin.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl create" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl create" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl draft" -eq 1' -fa 'show' -d 'Show the draft: its title, its tasks in time order, and its revision.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl draft" -eq 1' -fa 'title' -d 'Give the draft its title (1 to 20 characters).'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl draft" -eq 1' -fa 'add' -d 'Add a task to the draft (at most 20).'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl draft" -eq 1' -fa 'remove' -d 'Remove a task from the draft, for good.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl draft" -eq 1' -fa 'save' -d 'Save the draft as your routine, active from tomorrow.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_positional "bmctl draft" -eq 1' -fa 'discard' -d 'Throw the draft away.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft show" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft show" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft show" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft show" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft title" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft title" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft title" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft title" revision' -l 'revision' -d 'Change only the draft of this revision (from `bmctl draft show`).' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft title" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft title" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft add" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft add" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft add" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft add" revision' -l 'revision' -d 'Change only the draft of this revision (from `bmctl draft show`).' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft add" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft add" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft remove" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft remove" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft remove" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft remove" revision' -l 'revision' -d 'Remove only from the draft of this revision (from `bmctl draft show`), the one whose numbers you read.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft remove" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft remove" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft save" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft save" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft save" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft save" y yes' -s 'y' -l 'yes' -d 'Do not ask before ending today of the routine that is running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft save" revision' -l 'revision' -d 'Save only the draft of this revision (from `bmctl draft show`).' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft save" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft save" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft discard" json' -l 'json' -d 'Print the reply as one JSON document, for scripts.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft discard" socket' -l 'socket' -d 'Talk to bmd on this socket instead of the default.' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft discard" no-autostart' -l 'no-autostart' -d 'Do not start bmd when it is not running.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft discard" revision' -l 'revision' -d 'Discard only the draft of this revision (from `bmctl draft show`).' -rfka ''
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft discard" version' -l 'version' -d 'Show the version.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl draft discard" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bmctl' -n '__bmctl_should_offer_completions_for_flags_or_options "bmctl help" version' -l 'version' -d 'Show the version.'

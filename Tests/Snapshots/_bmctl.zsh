#compdef bmctl

__bmctl_complete() {
    local -ar non_empty_completions=("${@:#(|:*)}")
    local -ar empty_completions=("${(M)@:#(|:*)}")
    _describe -V '' non_empty_completions -- empty_completions -P $'\'\''
}

__bmctl_custom_complete() {
    local -a completions
    completions=("${(@f)"$("${command_name}" "${@}" "${command_line[@]}")"}")
    if [[ "${#completions[@]}" -gt 1 ]]; then
        __bmctl_complete "${completions[@]:0:-1}"
    fi
}

__bmctl_cursor_index_in_current_word() {
    if [[ -z "${QIPREFIX}${IPREFIX}${PREFIX}" ]]; then
        printf 0
    else
        printf %s "${#${(z)LBUFFER}[-1]}"
    fi
}

_bmctl() {
    emulate -RL zsh -G
    setopt extendedglob nullglob numericglobsort
    unsetopt aliases banghist

    local -xr SAP_SHELL=zsh
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(builtin emulate zsh -c 'printf %s "${ZSH_VERSION}"')"
    local -r SAP_SHELL_VERSION

    local context state state_descr line
    local -A opt_args

    local -r command_name="${words[1]}"
    local -ar command_line=("${words[@]}")
    local -ir current_word_index="$((CURRENT - 1))"

    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'status:Show the active routine, today'\''s progress, the current and next task, and the reminder.'
            'today:Show today'\''s tasks (the same as `day today`).'
            'day:Show one day of the active routine: today, a past day or a day ahead.'
            'check:Mark a task of today done.'
            'uncheck:Return a task of today to untouched.'
            'explore:List the celebrity routines, or show one with its bio, source and tasks.'
            'activate:Make a routine your active one, starting tomorrow.'
            'restart:Start a routine over from tomorrow; its history stays.'
            'delete:Remove one of your routines with all of its history.'
            'reset:Remove every routine, record and setting.'
            'week:Show one week of a routine: a bar per day for the tasks completed.'
            'data:Show a card for each of your routines with this week'\''s chart.'
            'stats:Show totals of your finished days: tasks completed, perfect days, best run.'
            'history:Show the last months as a calendar heatmap: a cell per day, shaded by the tasks done.'
            'export:Write every routine with its tasks, day records and task states, as JSON or CSV; or a routine as a calendar.'
            'import:Restore a JSON export: into an empty Better Morning, or over everything with --replace.'
            'notifications:Show whether the daily reminder is on, turn it, its sound or its staying on screen on or off, or show a test notification.'
            'reload:Make bmd read the time zone again and plan the next reminder anew.'
            'welcome:Show the welcome: what Better Morning does and what to type first.'
            'create:Create your own routine: asked for on a terminal, or given whole with --title and --task or --from.'
            'draft:Write your own routine step by step; bmd keeps the draft until you save it.'
            'help:Show subcommand help information.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        status|today|day|check|uncheck|explore|activate|restart|delete|reset|week|data|stats|history|export|import|notifications|reload|welcome|create|draft|help)
            "_bmctl_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_bmctl_status() {
    local -i ret=1
    local -ar ___format=('text' 'waybar' 'i3blocks' 'polybar')
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        '--follow[Keep running and print a new line whenever the status changes.]'
        '--format[Print what a status bar reads\: text, waybar, i3blocks or polybar.]:format:{__bmctl_complete "${___format[@]}"}'
        '--max-width[The most characters a bar'\''s text takes; longer titles end in an ellipsis.]:n:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_today() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_day() {
    local -i ret=1
    local -ar _date=('today' 'yesterday' 'tomorrow')
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        '--routine[One of your routines instead of the active one\: its id, name, or the start of it.]:name:{__bmctl_custom_complete ---completion day -- --routine "${current_word_index}" "$(__bmctl_cursor_index_in_current_word)"}'
        ':date:{__bmctl_complete "${_date[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_check() {
    local -i ret=1
    local -ar ___date=('today' 'yesterday' 'tomorrow')
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        ':task:{__bmctl_custom_complete ---completion check -- positional@0 "${current_word_index}" "$(__bmctl_cursor_index_in_current_word)"}'
        '--date[The day, if not today\: YYYY-MM-DD, today, yesterday or tomorrow. Only today can change.]:date:{__bmctl_complete "${___date[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_uncheck() {
    local -i ret=1
    local -ar ___date=('today' 'yesterday' 'tomorrow')
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        ':task:{__bmctl_custom_complete ---completion uncheck -- positional@0 "${current_word_index}" "$(__bmctl_cursor_index_in_current_word)"}'
        '--date[The day, if not today\: YYYY-MM-DD, today, yesterday or tomorrow. Only today can change.]:date:{__bmctl_complete "${___date[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_explore() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        ':name:{__bmctl_custom_complete ---completion explore -- positional@0 "${current_word_index}" "$(__bmctl_cursor_index_in_current_word)"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_activate() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        ':name:{__bmctl_custom_complete ---completion activate -- positional@0 "${current_word_index}" "$(__bmctl_cursor_index_in_current_word)"}'
        '(-y --yes)'{-y,--yes}'[Do not ask before ending today of the routine that is running.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_restart() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        ':routine:{__bmctl_custom_complete ---completion restart -- positional@0 "${current_word_index}" "$(__bmctl_cursor_index_in_current_word)"}'
        '(-y --yes)'{-y,--yes}'[Do not ask for confirmation on a terminal.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_delete() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        ':routine:{__bmctl_custom_complete ---completion delete -- positional@0 "${current_word_index}" "$(__bmctl_cursor_index_in_current_word)"}'
        '(-y --yes)'{-y,--yes}'[Do not ask for confirmation.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_reset() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        '(-y --yes)'{-y,--yes}'[Do not ask for confirmation.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_week() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        ':routine:{__bmctl_custom_complete ---completion week -- positional@0 "${current_word_index}" "$(__bmctl_cursor_index_in_current_word)"}'
        '--week[The week that holds this day\: YYYY-MM-DD, today, yesterday or tomorrow.]:date:'
        '--prev[Go back this many weeks.]:n:'
        '--next[Go forward this many weeks.]:n:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_data() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_stats() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        ':routine:{__bmctl_custom_complete ---completion stats -- positional@0 "${current_word_index}" "$(__bmctl_cursor_index_in_current_word)"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_history() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        ':routine:{__bmctl_custom_complete ---completion history -- positional@0 "${current_word_index}" "$(__bmctl_cursor_index_in_current_word)"}'
        '--months[Whole calendar months to show, this one included\: 6 or 12 (1 to 12).]:n:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_export() {
    local -i ret=1
    local -ar ___format=('json' 'csv' 'ics')
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        '--format[json (for bmctl import), csv (for spreadsheets) or ics (for calendars).]:format:{__bmctl_complete "${___format[@]}"}'
        ':routine:{__bmctl_custom_complete ---completion export -- positional@0 "${current_word_index}" "$(__bmctl_cursor_index_in_current_word)"}'
        '(-o --output)'{-o,--output}'[Write to this file (created 0600) instead of stdout.]:file:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_import() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        ':file:'
        '--replace[Replace every routine and record instead of refusing when there are some.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_notifications() {
    local -i ret=1
    local -ar _on_off_test_sound_keep=('on' 'off' 'test' 'sound' 'keep')
    local -ar _on_off=('on' 'off')
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        ':on|off|test|sound|keep:{__bmctl_complete "${_on_off_test_sound_keep[@]}"}'
        ':on|off:{__bmctl_complete "${_on_off[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_reload() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_welcome() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_create() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        '--title[The routine'\''s title, 1 to 20 characters (with --task).]:title:'
        '*--task[A task as "TIME TITLE", such as "06\:45 Stretch" or "6\:45am Stretch"; once per task.]:time title:'
        '--from[Read the routine from a routine file; - reads stdin.]:file:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_draft() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'show:Show the draft: its title, its tasks in time order, and its revision.'
            'title:Give the draft its title (1 to 20 characters).'
            'add:Add a task to the draft (at most 20).'
            'remove:Remove a task from the draft, for good.'
            'save:Save the draft as your routine, active from tomorrow.'
            'discard:Throw the draft away.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        show|title|add|remove|save|discard)
            "_bmctl_draft_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_bmctl_draft_show() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_draft_title() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        '*:title:'
        '--revision[Change only the draft of this revision (from `bmctl draft show`).]:n:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_draft_add() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        ':time:'
        '*:title:'
        '--revision[Change only the draft of this revision (from `bmctl draft show`).]:n:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_draft_remove() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        ':n:'
        '--revision[Remove only from the draft of this revision (from `bmctl draft show`), the one whose numbers you read.]:n:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_draft_save() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        '(-y --yes)'{-y,--yes}'[Do not ask before ending today of the routine that is running.]'
        '--revision[Save only the draft of this revision (from `bmctl draft show`).]:n:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_draft_discard() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print the reply as one JSON document, for scripts.]'
        '--socket[Talk to bmd on this socket instead of the default.]:path:'
        '--no-autostart[Do not start bmd when it is not running.]'
        '--revision[Discard only the draft of this revision (from `bmctl draft show`).]:n:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_bmctl_help() {
    local -i ret=1
    local -ar arg_specs=(
        '*:subcommands:'
        '--version[Show the version.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

if [[ "${funcstack[1]}" = _bmctl ]]; then
    _bmctl "${@}"
else
    compdef _bmctl bmctl
fi

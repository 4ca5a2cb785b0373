#!/bin/bash

__bmctl_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__bmctl_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__bmctl_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__bmctl_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_bmctl() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __bmctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    status|today|day|check|uncheck|explore|activate|restart|delete|reset|week|data|stats|history|export|import|notifications|reload|welcome|create|draft|help)
        # Offer subcommand argument completions
        "_bmctl_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'status today day check uncheck explore activate restart delete reset week data stats history export import notifications reload welcome create draft help' -- "${cur}"))
        ;;
    esac
}

_bmctl_status() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --follow --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket --format --max-width)
    __bmctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    '--format')
        __bmctl_add_completions -W 'text'$'\n''waybar'$'\n''i3blocks'$'\n''polybar'
        return
        ;;
    '--max-width')
        return
        ;;
    esac
}

_bmctl_today() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket)
    __bmctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    esac
}

_bmctl_day() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket --routine)
    __bmctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    '--routine')
        __bmctl_add_completions -W "$(__bmctl_custom_complete ---completion day -- --routine "${COMP_CWORD}" "$(__bmctl_cursor_index_in_current_word)")"
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __bmctl_add_completions -W 'today'$'\n''yesterday'$'\n''tomorrow'
        return
        ;;
    esac
}

_bmctl_check() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket --date)
    __bmctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    '--date')
        __bmctl_add_completions -W 'today'$'\n''yesterday'$'\n''tomorrow'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __bmctl_add_completions -W "$(__bmctl_custom_complete ---completion check -- positional@0 "${COMP_CWORD}" "$(__bmctl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_bmctl_uncheck() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket --date)
    __bmctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    '--date')
        __bmctl_add_completions -W 'today'$'\n''yesterday'$'\n''tomorrow'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __bmctl_add_completions -W "$(__bmctl_custom_complete ---completion uncheck -- positional@0 "${COMP_CWORD}" "$(__bmctl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_bmctl_explore() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket)
    __bmctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __bmctl_add_completions -W "$(__bmctl_custom_complete ---completion explore -- positional@0 "${COMP_CWORD}" "$(__bmctl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_bmctl_activate() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart -y --yes --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket)
    __bmctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __bmctl_add_completions -W "$(__bmctl_custom_complete ---completion activate -- positional@0 "${COMP_CWORD}" "$(__bmctl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_bmctl_restart() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart -y --yes --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket)
    __bmctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __bmctl_add_completions -W "$(__bmctl_custom_complete ---completion restart -- positional@0 "${COMP_CWORD}" "$(__bmctl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_bmctl_delete() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart -y --yes --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket)
    __bmctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __bmctl_add_completions -W "$(__bmctl_custom_complete ---completion delete -- positional@0 "${COMP_CWORD}" "$(__bmctl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_bmctl_reset() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart -y --yes --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket)
    __bmctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    esac
}

_bmctl_week() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket --week --prev --next)
    __bmctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    '--week')
        return
        ;;
    '--prev')
        return
        ;;
    '--next')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __bmctl_add_completions -W "$(__bmctl_custom_complete ---completion week -- positional@0 "${COMP_CWORD}" "$(__bmctl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_bmctl_data() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket)
    __bmctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    esac
}

_bmctl_stats() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket)
    __bmctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __bmctl_add_completions -W "$(__bmctl_custom_complete ---completion stats -- positional@0 "${COMP_CWORD}" "$(__bmctl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_bmctl_history() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket --months)
    __bmctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    '--months')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __bmctl_add_completions -W "$(__bmctl_custom_complete ---completion history -- positional@0 "${COMP_CWORD}" "$(__bmctl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_bmctl_export() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket --format -o --output)
    __bmctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    '--format')
        __bmctl_add_completions -W 'json'$'\n''csv'$'\n''ics'
        return
        ;;
    '-o'|'--output')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __bmctl_add_completions -W "$(__bmctl_custom_complete ---completion export -- positional@0 "${COMP_CWORD}" "$(__bmctl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_bmctl_import() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --replace --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket)
    __bmctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    esac
}

_bmctl_notifications() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket)
    __bmctl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __bmctl_add_completions -W 'on'$'\n''off'$'\n''test'$'\n''sound'$'\n''keep'
        return
        ;;
    2)
        __bmctl_add_completions -W 'on'$'\n''off'
        return
        ;;
    esac
}

_bmctl_reload() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket)
    __bmctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    esac
}

_bmctl_welcome() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket)
    __bmctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    esac
}

_bmctl_create() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --version -h --help)
    repeating_options=(--task)
    non_repeating_options=(--socket --title --from)
    __bmctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    '--title')
        return
        ;;
    '--task')
        return
        ;;
    '--from')
        return
        ;;
    esac
}

_bmctl_draft() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __bmctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    show|title|add|remove|save|discard)
        # Offer subcommand argument completions
        "_bmctl_draft_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'show title add remove save discard' -- "${cur}"))
        ;;
    esac
}

_bmctl_draft_show() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket)
    __bmctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    esac
}

_bmctl_draft_title() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket --revision)
    __bmctl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    '--revision')
        return
        ;;
    esac
}

_bmctl_draft_add() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket --revision)
    __bmctl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    '--revision')
        return
        ;;
    esac
}

_bmctl_draft_remove() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket --revision)
    __bmctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    '--revision')
        return
        ;;
    esac
}

_bmctl_draft_save() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart -y --yes --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket --revision)
    __bmctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    '--revision')
        return
        ;;
    esac
}

_bmctl_draft_discard() {
    repeating_flags=()
    non_repeating_flags=(--json --no-autostart --version -h --help)
    repeating_options=()
    non_repeating_options=(--socket --revision)
    __bmctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    '--revision')
        return
        ;;
    esac
}

_bmctl_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __bmctl_offer_flags_options -1
}

complete -o filenames -F _bmctl bmctl

# Titles are listed whole, "/" and all, when Tab only lists: bash would list only
# what follows a title's last "/", as of a file name.
_bmctl_listing_whole() {
    _bmctl "$@"
    local -r typed=$2
    (( ${#COMPREPLY[@]} > 1 )) && [[ $typed != *[^[:alnum:]._-]* ]] || return 0
    local shared=${COMPREPLY[0]} candidate
    for candidate in "${COMPREPLY[@]:1}"; do
        while [[ ${candidate:0:${#shared}} != "$shared" ]]; do shared=${shared%?}; done
    done
    [[ $shared != "$typed" ]] || compopt +o filenames
}
complete -o filenames -F _bmctl_listing_whole bmctl

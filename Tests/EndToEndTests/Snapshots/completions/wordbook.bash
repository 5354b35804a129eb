#!/bin/bash

__wordbook_cursor_index_in_current_word() {
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
__wordbook_offer_flags_options() {
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

__wordbook_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__wordbook_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_wordbook() {
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
    __wordbook_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    run|ingest|status|pending|confirm|correct|reject|triage|review|grade|due|list|books|search|show|open|stats|undo|history|note|gloss|tag|tags|export|import|prune|web|help)
        # Offer subcommand argument completions
        "_wordbook_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'run ingest status pending confirm correct reject triage review grade due list books search show open stats undo history note gloss tag tags export import prune web help' -- "${cur}"))
        ;;
    esac
}

_wordbook_run() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config --workers)
    __wordbook_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    '--workers')
        return
        ;;
    esac
}

_wordbook_ingest() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config --language --workers)
    __wordbook_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    '--language')
        __wordbook_add_completions -W 'en'$'\n''de'$'\n''fr'$'\n''es'
        return
        ;;
    '--workers')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __wordbook_add_completions -f
        return
        ;;
    esac
}

_wordbook_status() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config)
    __wordbook_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    esac
}

_wordbook_pending() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config)
    __wordbook_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    esac
}

_wordbook_confirm() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config)
    __wordbook_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    esac
}

_wordbook_correct() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config)
    __wordbook_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    esac
}

_wordbook_reject() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config)
    __wordbook_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    esac
}

_wordbook_triage() {
    repeating_flags=()
    non_repeating_flags=(--no-image --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config --images)
    __wordbook_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    '--images')
        return
        ;;
    esac
}

_wordbook_review() {
    repeating_flags=()
    non_repeating_flags=(--hide-word --no-image --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config --images --language --book --limit --at --ahead)
    __wordbook_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    '--images')
        return
        ;;
    '--language')
        return
        ;;
    '--book')
        return
        ;;
    '--limit')
        return
        ;;
    '--at')
        return
        ;;
    '--ahead')
        return
        ;;
    esac
}

_wordbook_grade() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config)
    __wordbook_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    esac
}

_wordbook_due() {
    repeating_flags=()
    non_repeating_flags=(--all --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config --at --limit)
    __wordbook_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    '--at')
        return
        ;;
    '--limit')
        return
        ;;
    esac
}

_wordbook_list() {
    repeating_flags=()
    non_repeating_flags=(--all --count --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config --date --from --to --language --status --tag --min-mastery --sort --limit --offset)
    __wordbook_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    '--date')
        return
        ;;
    '--from')
        return
        ;;
    '--to')
        return
        ;;
    '--language')
        __wordbook_add_completions -W 'en'$'\n''de'$'\n''fr'$'\n''es'
        return
        ;;
    '--status')
        __wordbook_add_completions -W 'proposed'$'\n''confirmed'$'\n''rejected'
        return
        ;;
    '--tag')
        return
        ;;
    '--min-mastery')
        return
        ;;
    '--sort')
        __wordbook_add_completions -W 'word'$'\n''created'$'\n''next-review'$'\n''confidence'
        return
        ;;
    '--limit')
        return
        ;;
    '--offset')
        return
        ;;
    esac
}

_wordbook_books() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config)
    __wordbook_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    esac
}

_wordbook_search() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config)
    __wordbook_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    esac
}

_wordbook_show() {
    repeating_flags=()
    non_repeating_flags=(--json --full --no-image --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config --image --images)
    __wordbook_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    '--image')
        __wordbook_add_completions -f
        return
        ;;
    '--images')
        return
        ;;
    esac
}

_wordbook_open() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config)
    __wordbook_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    esac
}

_wordbook_stats() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config)
    __wordbook_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    esac
}

_wordbook_undo() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config)
    __wordbook_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    esac
}

_wordbook_history() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config --limit)
    __wordbook_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    '--limit')
        return
        ;;
    esac
}

_wordbook_note() {
    repeating_flags=()
    non_repeating_flags=(--clear --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config)
    __wordbook_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    esac
}

_wordbook_gloss() {
    repeating_flags=()
    non_repeating_flags=(--refresh --json --version -h --help)
    repeating_options=(--look-up)
    non_repeating_options=(--db --config --language)
    __wordbook_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    '--look-up')
        return
        ;;
    '--language')
        return
        ;;
    esac
}

_wordbook_tag() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config)
    __wordbook_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    esac
}

_wordbook_tags() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config)
    __wordbook_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    esac
}

_wordbook_export() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config --format --from --to --language --status --tag)
    __wordbook_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    '--format')
        __wordbook_add_completions -W 'json'$'\n''csv'$'\n''apkg'
        return
        ;;
    '--from')
        return
        ;;
    '--to')
        return
        ;;
    '--language')
        __wordbook_add_completions -W 'en'$'\n''de'$'\n''fr'$'\n''es'
        return
        ;;
    '--status')
        __wordbook_add_completions -W 'proposed'$'\n''confirmed'$'\n''rejected'
        return
        ;;
    '--tag')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __wordbook_add_completions -f
        return
        ;;
    esac
}

_wordbook_import() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config)
    __wordbook_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __wordbook_add_completions -f
        return
        ;;
    esac
}

_wordbook_prune() {
    repeating_flags=()
    non_repeating_flags=(--yes --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config --older-than)
    __wordbook_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    '--older-than')
        return
        ;;
    esac
}

_wordbook_web() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __wordbook_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    serve|pair|sessions|revoke)
        # Offer subcommand argument completions
        "_wordbook_web_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'serve pair sessions revoke' -- "${cur}"))
        ;;
    esac
}

_wordbook_web_serve() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config --listen)
    __wordbook_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    '--listen')
        return
        ;;
    esac
}

_wordbook_web_pair() {
    repeating_flags=()
    non_repeating_flags=(--no-qr --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config --url)
    __wordbook_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    '--url')
        return
        ;;
    esac
}

_wordbook_web_sessions() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config)
    __wordbook_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    esac
}

_wordbook_web_revoke() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--db --config)
    __wordbook_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __wordbook_add_completions -f
        return
        ;;
    '--config')
        __wordbook_add_completions -f
        return
        ;;
    esac
}

_wordbook_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __wordbook_offer_flags_options -1
}

complete -o filenames -F _wordbook wordbook

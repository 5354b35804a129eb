#compdef wordbook

__wordbook_complete() {
    local -ar non_empty_completions=("${@:#(|:*)}")
    local -ar empty_completions=("${(M)@:#(|:*)}")
    _describe -V '' non_empty_completions -- empty_completions -P $'\'\''
}

__wordbook_custom_complete() {
    local -a completions
    completions=("${(@f)"$("${command_name}" "${@}" "${command_line[@]}")"}")
    if [[ "${#completions[@]}" -gt 1 ]]; then
        __wordbook_complete "${completions[@]:0:-1}"
    fi
}

__wordbook_cursor_index_in_current_word() {
    if [[ -z "${QIPREFIX}${IPREFIX}${PREFIX}" ]]; then
        printf 0
    else
        printf %s "${#${(z)LBUFFER}[-1]}"
    fi
}

_wordbook() {
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
            'run:Watch the inbox and file every photo that arrives (what systemd starts).'
            'ingest:File photos once, without the watcher; the files stay where they are.'
            'status:Show whether the worker runs, what waits in the inbox, what failed, and what was filed last.'
            'pending:List the proposals waiting for you, least confident first, with numbered candidates.'
            'confirm:Accept proposed words as they are.'
            'correct:Replace a proposed word with the right one, or with candidate N, and confirm it.'
            'reject:Mark proposals as not worth learning; they stay in the word book, out of reviews.'
            'triage:Walk the pending proposals one at a time, least confident first, and settle each.'
            'review:Review this review day'\''s words as Anki does: words in their steps, words due, then new words up to the day'\''s limit.'
            'grade:Grade one confirmed word 0-5 and reschedule it by the review rule.'
            'due:List the words due for review in this review day, the most overdue first, and count the new words it introduces.'
            'list:List words: by day or range, language, mastery, status or tag, sorted and paged.'
            'books:One line per word book, newest first: day, words, mastered (confirmed, level 4 or more).'
            'search:Find words by their text, notes or context, ignoring case and accents.'
            'show:Show everything about one word: candidates, tags, review history; --image writes its photo.'
            'open:Open a word'\''s original photo, as the worker archived it, in your image viewer.'
            'stats:Show progress: words, confirmed, mastered, average mastery, due today, streak, FSRS recall, per language.'
            'undo:Revert the last change a command made to your words, and say what it was.'
            'history:List the latest changes commands made to your words, the newest first.'
            'note:Write a note on a word, or clear it.'
            'gloss:Write your own gloss for a word, fill in glosses the dictionaries can give now, or look words up.'
            'tag:Add (+name) and remove (-name) tags on a word; names ignore case.'
            'tags:List the tags with how many words carry each.'
            'export:Back up the word book to one file (JSON with photos, or CSV), or export words to Anki (apkg).'
            'import:Restore a JSON backup; words already in the word book are left as they are.'
            'prune:Delete word books older than a number of days, with their words and photos.'
            'web:Settle proposals from the phone: serve the web app, pair a phone, list and revoke sessions.'
            'help:Show subcommand help information.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        run|ingest|status|pending|confirm|correct|reject|triage|review|grade|due|list|books|search|show|open|stats|undo|history|note|gloss|tag|tags|export|import|prune|web|help)
            "_wordbook_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_wordbook_run() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '--workers[Worker threads (default\: capture.workers, or the number of cores).]:workers:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_ingest() {
    local -i ret=1
    local -ar ___language=('en' 'de' 'fr' 'es')
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '*:path:_files'
        '--json[Print one JSON object per input.]'
        '--language[The language of the words\: en, de, fr, es (default\: recognition.default_language).]:L:{__wordbook_complete "${___language[@]}"}'
        '--workers[Worker threads (default\: capture.workers, or the number of cores).]:workers:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_status() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '--json[Print one JSON document.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_pending() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '--json[Print one JSON document.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_confirm() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '*:id:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_correct() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        ':id:'
        ':word:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_reject() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '*:id:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_triage() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '--images[How to draw the photo around the word\: auto, kitty, iterm, sixel, blocks or off (default\: \[display\] images, auto). A mode named here draws even when the output is not a terminal.]:mode:'
        '--no-image[No photo, even on a terminal (the same as --images off).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_review() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '--hide-word[Show the gloss and the photo first, and the word only after Space or Enter.]'
        '--images[How to draw the photo around the word\: auto, kitty, iterm, sixel, blocks or off (default\: \[display\] images, auto). A mode named here draws even when the output is not a terminal.]:mode:'
        '--no-image[No photo, even on a terminal (the same as --images off).]'
        '--language[Only words of this language (en, de, fr, es).]:language:'
        '--book[Only words captured on this day.]:YYYY-MM-DD:'
        '--limit[At most this many words, reviews before new words.]:n:'
        '--at[Review as on this review day, from its start, the clock running from there\: to play days forward.]:YYYY-MM-DD:'
        '--ahead[Also review the words due in the next n days (Anki'\''s custom study, review ahead).]:n:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_grade() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        ':id:'
        ':level:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_due() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '--at[Words due by the end of this review day instead of now.]:YYYY-MM-DD:'
        '--limit[At most this many words (on a terminal\: 50 unless --all).]:N:'
        '--all[Every word, even on a terminal.]'
        '--json[Print one JSON document.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_list() {
    local -i ret=1
    local -ar ___language=('en' 'de' 'fr' 'es')
    local -ar ___status=('proposed' 'confirmed' 'rejected')
    local -ar ___sort=('word' 'created' 'next-review' 'confidence')
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '--date[Only the word book of this capture day.]:YYYY-MM-DD:'
        '--from[Capture days from this one on.]:YYYY-MM-DD:'
        '--to[Capture days up to this one.]:YYYY-MM-DD:'
        '--language[Only words of this language\: en, de, fr, es.]:L:{__wordbook_complete "${___language[@]}"}'
        '--status[Only words in this state\: proposed, confirmed or rejected.]:status:{__wordbook_complete "${___status[@]}"}'
        '--tag[Only words with this tag.]:name:'
        '--min-mastery[Only words at this mastery level (0-5) or above.]:level:'
        '--sort[Order\: word, created (capture time, the default) or next-review.]:sort:{__wordbook_complete "${___sort[@]}"}'
        '--limit[At most this many words (on a terminal\: 50 unless --all).]:N:'
        '--all[Every word, even on a terminal.]'
        '--offset[Skip this many words first (for paging).]:offset:'
        '--count[Print only how many words match.]'
        '--json[Print one JSON document.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_books() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '--json[Print one JSON document.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_search() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '*:text:'
        '--json[Print one JSON document.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_show() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        ':id:'
        '--image[Write the stored JPEG to this file (- for standard output), and nothing else.]:file:_files'
        '--json[Print one JSON document.]'
        '--full[Print the whole dictionary entry, not only its first lines (through $PAGER, or less, on a terminal).]'
        '--images[How to draw the photo around the word\: auto, kitty, iterm, sixel, blocks or off (default\: \[display\] images, auto). A mode named here draws even when the output is not a terminal.]:mode:'
        '--no-image[No photo, even on a terminal (the same as --images off).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_open() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        ':id:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_stats() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '--json[Print one JSON document.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_undo() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_history() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '--limit[How many changes to list.]:n:'
        '--json[Print one JSON document.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_note() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        ':id:'
        '*:text:'
        '--clear[Remove the note.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_gloss() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        ':id:'
        ':text:'
        '--refresh[Look up every word that has no gloss yet or a dictionary'\''s gloss, and store what the dictionaries give now; your own glosses stay.]'
        '--look-up[Print the dictionaries'\'' gloss of these words, without storing anything.]:word:'
        '--language[With --look-up\: the words'\'' language (en, de, fr, es).]:language:'
        '--json[With --look-up\: print one JSON document, with the time each look-up took.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_tag() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        ':id:'
        '*:+name|-name:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_tags() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '--json[Print one JSON document.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_export() {
    local -i ret=1
    local -ar ___format=('json' 'csv' 'apkg')
    local -ar ___language=('en' 'de' 'fr' 'es')
    local -ar ___status=('proposed' 'confirmed' 'rejected')
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        ':file:_files'
        '--format[json (the default), csv, or apkg for Anki.]:format:{__wordbook_complete "${___format[@]}"}'
        '--from[Capture days from this one on.]:YYYY-MM-DD:'
        '--to[Capture days up to this one.]:YYYY-MM-DD:'
        '--language[Only words of this language\: en, de, fr, es.]:L:{__wordbook_complete "${___language[@]}"}'
        '--status[Only words in this state\: proposed, confirmed or rejected.]:status:{__wordbook_complete "${___status[@]}"}'
        '--tag[Only words with this tag.]:name:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_import() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        ':file:_files'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_prune() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '--older-than[Books whose day is more than this many days ago.]:days:'
        '--yes[Do not ask.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_web() {
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
            'serve:Serve the web app on [web] listen (default 127.0.0.1:8080) until stopped.'
            'pair:Print a one-time URL (and its QR code) that signs a phone in to the web app.'
            'sessions:List the phones and browsers signed in to the web app.'
            'revoke:Sign a phone or browser out of the web app, by its session ID.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        serve|pair|sessions|revoke)
            "_wordbook_web_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_wordbook_web_serve() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '--listen[Listen here instead of \[web\] listen, as HOST\:PORT (port 0 takes a free one).]:address:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_web_pair() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '--url[The address the phone opens, instead of \[web\] url (e.g. a reverse proxy'\''s).]:url:'
        '--no-qr[No QR code, even on a terminal.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_web_sessions() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_web_revoke() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The SQLite file to use instead of the configured one.]:path:_files'
        '--config[The configuration file (default\: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).]:path:_files'
        ':id:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_wordbook_help() {
    local -i ret=1
    local -ar arg_specs=(
        '*:subcommands:'
        '--version[Show the version.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

if [[ "${funcstack[1]}" = _wordbook ]]; then
    _wordbook "${@}"
else
    compdef _wordbook wordbook
fi

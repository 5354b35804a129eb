function __wordbook_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __wordbook_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __wordbook_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __wordbook_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __wordbook_parse_tokens -S
    set -l unparsed_tokens (__wordbook_tokens -pc)
    switch $unparsed_tokens[1]
    case 'wordbook'
        __wordbook_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'run'
            __wordbook_parse_subcommand 0 'db=' 'config=' 'workers=' 'version' 'h/help'
        case 'ingest'
            __wordbook_parse_subcommand -r 1 'db=' 'config=' 'json' 'language=' 'workers=' 'version' 'h/help'
        case 'status'
            __wordbook_parse_subcommand 0 'db=' 'config=' 'json' 'version' 'h/help'
        case 'pending'
            __wordbook_parse_subcommand 0 'db=' 'config=' 'json' 'version' 'h/help'
        case 'confirm'
            __wordbook_parse_subcommand -r 1 'db=' 'config=' 'version' 'h/help'
        case 'correct'
            __wordbook_parse_subcommand 2 'db=' 'config=' 'version' 'h/help'
        case 'reject'
            __wordbook_parse_subcommand -r 1 'db=' 'config=' 'version' 'h/help'
        case 'triage'
            __wordbook_parse_subcommand 0 'db=' 'config=' 'images=' 'no-image' 'version' 'h/help'
        case 'review'
            __wordbook_parse_subcommand 0 'db=' 'config=' 'hide-word' 'images=' 'no-image' 'language=' 'book=' 'limit=' 'at=' 'ahead=' 'version' 'h/help'
        case 'grade'
            __wordbook_parse_subcommand 2 'db=' 'config=' 'version' 'h/help'
        case 'due'
            __wordbook_parse_subcommand 0 'db=' 'config=' 'at=' 'limit=' 'all' 'json' 'version' 'h/help'
        case 'list'
            __wordbook_parse_subcommand 0 'db=' 'config=' 'date=' 'from=' 'to=' 'language=' 'status=' 'tag=' 'min-mastery=' 'sort=' 'limit=' 'all' 'offset=' 'count' 'json' 'version' 'h/help'
        case 'books'
            __wordbook_parse_subcommand 0 'db=' 'config=' 'json' 'version' 'h/help'
        case 'search'
            __wordbook_parse_subcommand -r 1 'db=' 'config=' 'json' 'version' 'h/help'
        case 'show'
            __wordbook_parse_subcommand 1 'db=' 'config=' 'image=' 'json' 'full' 'images=' 'no-image' 'version' 'h/help'
        case 'open'
            __wordbook_parse_subcommand 1 'db=' 'config=' 'version' 'h/help'
        case 'stats'
            __wordbook_parse_subcommand 0 'db=' 'config=' 'json' 'version' 'h/help'
        case 'undo'
            __wordbook_parse_subcommand 0 'db=' 'config=' 'version' 'h/help'
        case 'history'
            __wordbook_parse_subcommand 0 'db=' 'config=' 'limit=' 'json' 'version' 'h/help'
        case 'note'
            __wordbook_parse_subcommand -r 2 'db=' 'config=' 'clear' 'version' 'h/help'
        case 'gloss'
            __wordbook_parse_subcommand 2 'db=' 'config=' 'refresh' 'look-up=+' 'language=' 'json' 'version' 'h/help'
        case 'tag'
            __wordbook_parse_subcommand -r 2 'db=' 'config=' 'version' 'h/help'
        case 'tags'
            __wordbook_parse_subcommand 0 'db=' 'config=' 'json' 'version' 'h/help'
        case 'export'
            __wordbook_parse_subcommand 1 'db=' 'config=' 'format=' 'from=' 'to=' 'language=' 'status=' 'tag=' 'version' 'h/help'
        case 'import'
            __wordbook_parse_subcommand 1 'db=' 'config=' 'version' 'h/help'
        case 'prune'
            __wordbook_parse_subcommand 0 'db=' 'config=' 'older-than=' 'yes' 'version' 'h/help'
        case 'web'
            __wordbook_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'serve'
                __wordbook_parse_subcommand 0 'db=' 'config=' 'listen=' 'version' 'h/help'
            case 'pair'
                __wordbook_parse_subcommand 0 'db=' 'config=' 'url=' 'no-qr' 'version' 'h/help'
            case 'sessions'
                __wordbook_parse_subcommand 0 'db=' 'config=' 'version' 'h/help'
            case 'revoke'
                __wordbook_parse_subcommand 1 'db=' 'config=' 'version' 'h/help'
            end
        case 'help'
            __wordbook_parse_subcommand -r 1 'version'
        end
    end
end

function __wordbook_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __wordbook_parse_subcommand -S -a positional_count
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

function __wordbook_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __wordbook_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__wordbook_tokens -p)
    if test -z "$(__wordbook_tokens -t)"
        set -l index (count (__wordbook_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'wordbook' -f
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'run' -d 'Watch the inbox and file every photo that arrives (what systemd starts).'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'ingest' -d 'File photos once, without the watcher; the files stay where they are.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'status' -d 'Show whether the worker runs, what waits in the inbox, what failed, and what was filed last.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'pending' -d 'List the proposals waiting for you, least confident first, with numbered candidates.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'confirm' -d 'Accept proposed words as they are.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'correct' -d 'Replace a proposed word with the right one, or with candidate N, and confirm it.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'reject' -d 'Mark proposals as not worth learning; they stay in the word book, out of reviews.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'triage' -d 'Walk the pending proposals one at a time, least confident first, and settle each.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'review' -d 'Review this review day\'s words as Anki does: words in their steps, words due, then new words up to the day\'s limit.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'grade' -d 'Grade one confirmed word 0-5 and reschedule it by the review rule.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'due' -d 'List the words due for review in this review day, the most overdue first, and count the new words it introduces.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'list' -d 'List words: by day or range, language, mastery, status or tag, sorted and paged.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'books' -d 'One line per word book, newest first: day, words, mastered (confirmed, level 4 or more).'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'search' -d 'Find words by their text, notes or context, ignoring case and accents.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'show' -d 'Show everything about one word: candidates, tags, review history; --image writes its photo.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'open' -d 'Open a word\'s original photo, as the worker archived it, in your image viewer.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'stats' -d 'Show progress: words, confirmed, mastered, average mastery, due today, streak, FSRS recall, per language.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'undo' -d 'Revert the last change a command made to your words, and say what it was.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'history' -d 'List the latest changes commands made to your words, the newest first.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'note' -d 'Write a note on a word, or clear it.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'gloss' -d 'Write your own gloss for a word, fill in glosses the dictionaries can give now, or look words up.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'tag' -d 'Add (+name) and remove (-name) tags on a word; names ignore case.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'tags' -d 'List the tags with how many words carry each.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'export' -d 'Back up the word book to one file (JSON with photos, or CSV), or export words to Anki (apkg).'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'import' -d 'Restore a JSON backup; words already in the word book are left as they are.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'prune' -d 'Delete word books older than a number of days, with their words and photos.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'web' -d 'Settle proposals from the phone: serve the web app, pair a phone, list and revoke sessions.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook run" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook run" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook run" workers' -l 'workers' -d 'Worker threads (default: capture.workers, or the number of cores).' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook run" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook run" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook ingest" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook ingest" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook ingest" -ge 1' -F
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook ingest" json' -l 'json' -d 'Print one JSON object per input.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook ingest" language' -l 'language' -d 'The language of the words: en, de, fr, es (default: recognition.default_language).' -rfka 'en de fr es'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook ingest" workers' -l 'workers' -d 'Worker threads (default: capture.workers, or the number of cores).' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook ingest" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook ingest" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook status" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook status" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook status" json' -l 'json' -d 'Print one JSON document.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook status" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook pending" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook pending" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook pending" json' -l 'json' -d 'Print one JSON document.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook pending" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook pending" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook confirm" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook confirm" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook confirm" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook confirm" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook correct" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook correct" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook correct" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook correct" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook reject" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook reject" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook reject" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook reject" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook triage" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook triage" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook triage" images' -l 'images' -d 'How to draw the photo around the word: auto, kitty, iterm, sixel, blocks or off (default: [display] images, auto). A mode named here draws even when the output is not a terminal.' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook triage" no-image' -l 'no-image' -d 'No photo, even on a terminal (the same as --images off).'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook triage" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook triage" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook review" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook review" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook review" hide-word' -l 'hide-word' -d 'Show the gloss and the photo first, and the word only after Space or Enter.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook review" images' -l 'images' -d 'How to draw the photo around the word: auto, kitty, iterm, sixel, blocks or off (default: [display] images, auto). A mode named here draws even when the output is not a terminal.' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook review" no-image' -l 'no-image' -d 'No photo, even on a terminal (the same as --images off).'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook review" language' -l 'language' -d 'Only words of this language (en, de, fr, es).' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook review" book' -l 'book' -d 'Only words captured on this day.' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook review" limit' -l 'limit' -d 'At most this many words, reviews before new words.' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook review" at' -l 'at' -d 'Review as on this review day, from its start, the clock running from there: to play days forward.' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook review" ahead' -l 'ahead' -d 'Also review the words due in the next n days (Anki\'s custom study, review ahead).' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook review" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook review" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook grade" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook grade" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook grade" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook grade" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook due" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook due" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook due" at' -l 'at' -d 'Words due by the end of this review day instead of now.' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook due" limit' -l 'limit' -d 'At most this many words (on a terminal: 50 unless --all).' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook due" all' -l 'all' -d 'Every word, even on a terminal.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook due" json' -l 'json' -d 'Print one JSON document.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook due" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook due" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook list" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook list" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook list" date' -l 'date' -d 'Only the word book of this capture day.' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook list" from' -l 'from' -d 'Capture days from this one on.' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook list" to' -l 'to' -d 'Capture days up to this one.' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook list" language' -l 'language' -d 'Only words of this language: en, de, fr, es.' -rfka 'en de fr es'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook list" status' -l 'status' -d 'Only words in this state: proposed, confirmed or rejected.' -rfka 'proposed confirmed rejected'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook list" tag' -l 'tag' -d 'Only words with this tag.' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook list" min-mastery' -l 'min-mastery' -d 'Only words at this mastery level (0-5) or above.' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook list" sort' -l 'sort' -d 'Order: word, created (capture time, the default) or next-review.' -rfka 'word created next-review confidence'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook list" limit' -l 'limit' -d 'At most this many words (on a terminal: 50 unless --all).' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook list" all' -l 'all' -d 'Every word, even on a terminal.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook list" offset' -l 'offset' -d 'Skip this many words first (for paging).' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook list" count' -l 'count' -d 'Print only how many words match.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook list" json' -l 'json' -d 'Print one JSON document.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook list" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook books" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook books" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook books" json' -l 'json' -d 'Print one JSON document.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook books" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook books" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook search" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook search" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook search" json' -l 'json' -d 'Print one JSON document.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook search" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook search" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook show" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook show" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook show" image' -l 'image' -d 'Write the stored JPEG to this file (- for standard output), and nothing else.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook show" json' -l 'json' -d 'Print one JSON document.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook show" full' -l 'full' -d 'Print the whole dictionary entry, not only its first lines (through $PAGER, or less, on a terminal).'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook show" images' -l 'images' -d 'How to draw the photo around the word: auto, kitty, iterm, sixel, blocks or off (default: [display] images, auto). A mode named here draws even when the output is not a terminal.' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook show" no-image' -l 'no-image' -d 'No photo, even on a terminal (the same as --images off).'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook show" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook open" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook open" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook open" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook open" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook stats" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook stats" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook stats" json' -l 'json' -d 'Print one JSON document.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook stats" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook stats" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook undo" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook undo" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook undo" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook undo" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook history" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook history" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook history" limit' -l 'limit' -d 'How many changes to list.' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook history" json' -l 'json' -d 'Print one JSON document.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook history" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook history" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook note" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook note" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook note" clear' -l 'clear' -d 'Remove the note.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook note" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook note" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook gloss" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook gloss" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook gloss" refresh' -l 'refresh' -d 'Look up every word that has no gloss yet or a dictionary\'s gloss, and store what the dictionaries give now; your own glosses stay.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook gloss"' -l 'look-up' -d 'Print the dictionaries\' gloss of these words, without storing anything.' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook gloss" language' -l 'language' -d 'With --look-up: the words\' language (en, de, fr, es).' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook gloss" json' -l 'json' -d 'With --look-up: print one JSON document, with the time each look-up took.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook gloss" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook gloss" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook tag" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook tag" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook tag" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook tag" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook tags" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook tags" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook tags" json' -l 'json' -d 'Print one JSON document.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook tags" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook tags" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook export" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook export" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook export" -eq 1' -F
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook export" format' -l 'format' -d 'json (the default), csv, or apkg for Anki.' -rfka 'json csv apkg'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook export" from' -l 'from' -d 'Capture days from this one on.' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook export" to' -l 'to' -d 'Capture days up to this one.' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook export" language' -l 'language' -d 'Only words of this language: en, de, fr, es.' -rfka 'en de fr es'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook export" status' -l 'status' -d 'Only words in this state: proposed, confirmed or rejected.' -rfka 'proposed confirmed rejected'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook export" tag' -l 'tag' -d 'Only words with this tag.' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook export" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook export" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook import" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook import" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook import" -eq 1' -F
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook import" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook import" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook prune" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook prune" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook prune" older-than' -l 'older-than' -d 'Books whose day is more than this many days ago.' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook prune" yes' -l 'yes' -d 'Do not ask.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook prune" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook prune" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook web" -eq 1' -fa 'serve' -d 'Serve the web app on [web] listen (default 127.0.0.1:8080) until stopped.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook web" -eq 1' -fa 'pair' -d 'Print a one-time URL (and its QR code) that signs a phone in to the web app.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook web" -eq 1' -fa 'sessions' -d 'List the phones and browsers signed in to the web app.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_positional "wordbook web" -eq 1' -fa 'revoke' -d 'Sign a phone or browser out of the web app, by its session ID.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web serve" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web serve" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web serve" listen' -l 'listen' -d 'Listen here instead of [web] listen, as HOST:PORT (port 0 takes a free one).' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web serve" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web serve" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web pair" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web pair" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web pair" url' -l 'url' -d 'The address the phone opens, instead of [web] url (e.g. a reverse proxy\'s).' -rfka ''
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web pair" no-qr' -l 'no-qr' -d 'No QR code, even on a terminal.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web pair" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web pair" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web sessions" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web sessions" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web sessions" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web sessions" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web revoke" db' -l 'db' -d 'The SQLite file to use instead of the configured one.' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web revoke" config' -l 'config' -d 'The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).' -rF
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web revoke" version' -l 'version' -d 'Show the version.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook web revoke" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'wordbook' -n '__wordbook_should_offer_completions_for_flags_or_options "wordbook help" version' -l 'version' -d 'Show the version.'


# Cairn's own completion, in front of picocli's above: after an option that takes a backend URI the
# window's saved connections, and for a verb's state ID the IDs of the backend the line names, both
# asked of `cairn __complete` (silent, logs nothing); picocli's function for everything else.
_cairn_complete() {
    # zsh (through bashcompinit) gets picocli's verbs and options only: what follows is bash's
    if [ -n "$ZSH_VERSION" ]; then
        _complete_cairn "$@"
        return
    fi
    # the words as typed, split at blanks only: bash's COMP_WORDS also splits an ID at its colons
    local line=${COMP_LINE:0:COMP_POINT} words
    read -ra words <<<"$line"
    [[ $line == *' ' ]] && words+=("")
    local cur=${words[${#words[@]}-1]}
    if [[ ${#words[@]} -gt 2 && $cur != -* ]]; then
        local IFS=$'\n' found
        found=($("${words[0]}" __complete -- "${words[@]:1}" 2>/dev/null))
        if [[ ${#found[@]} -gt 0 ]]; then
            # bash replaces only what follows the word's last colon (COMP_WORDBREAKS)
            if [[ $cur == *:* && $COMP_WORDBREAKS == *:* ]]; then
                local typed=${cur%"${cur##*:}"}
                found=("${found[@]#"$typed"}")
            fi
            COMPREPLY=("${found[@]}")
            return 0
        fi
    fi
    _complete_cairn "$@"
}

complete -F _cairn_complete -o default cairn

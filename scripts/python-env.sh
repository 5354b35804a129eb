#!/usr/bin/env bash
# The Python packages the tests compare against: the reference FSRS scheduler and Anki itself,
# installed from PyPI into .build/pyenv (scripts/venv.sh).
exec bash "$(dirname "$0")/venv.sh" "python test environment" .build/pyenv fsrs==6.3.1 anki==26.9.3

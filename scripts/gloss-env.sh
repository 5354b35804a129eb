#!/usr/bin/env bash
# The Python package bench/gloss.py samples its words from: wordfreq's frequency lists, installed from
# PyPI into .build/glossenv (scripts/venv.sh).
exec bash "$(dirname "$0")/venv.sh" "gloss benchmark environment" .build/glossenv wordfreq==3.1.1

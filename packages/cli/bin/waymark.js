#!/usr/bin/env node
'use strict';
// The installed `waymark` command. A committed file with its executable bit, so a fresh `tsc` build (which writes
// dist/ without one) never leaves the command unrunnable.
require('../dist/main.js');

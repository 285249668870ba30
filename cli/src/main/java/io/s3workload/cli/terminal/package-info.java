/**
 * What a command says to the terminal and the shell: its output masked and wrapped, whether it talks to a person,
 * its exit code, the signals that stop a run, its version.
 */
package io.s3workload.cli.terminal;

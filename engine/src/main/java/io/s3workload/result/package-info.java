/**
 * A run's results: stages' cells and what each stage found beyond them, each outcome carrying its key and form in
 * summary.json.
 */
package io.s3workload.result;

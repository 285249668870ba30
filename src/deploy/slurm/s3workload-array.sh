#!/usr/bin/env bash
# s3workload as a Slurm job array: one shard per array task, the index and count from SLURM_ARRAY_TASK_ID and
# SLURM_ARRAY_TASK_COUNT (read by s3workload itself), results on the shared file system, then merged by the
# last step (see docs/distributed.md). S3WORKLOAD is the program each task runs: by default the launcher in the
# submit directory (a clone with a Java 21+ on the nodes); with no Java on the nodes, the release image unpacked on
# the shared file system (S3WORKLOAD=/shared/s3workload-0.1.0-linux-x86_64/bin/s3workload), or the container image
# through apptainer (S3WORKLOAD="apptainer run docker://registry.example.com/s3workload:0.1.0"); docs/install.md.
#
#   sbatch --array=0-5 --export=ALL,WORKLOAD=$PWD/my.yaml,START_AT=$(date -u -d '+3 min' +%FT%TZ) \
#     src/deploy/slurm/s3workload-array.sh
#   # when all tasks are done:
#   ./s3workload merge results/slurm-<array job id>/shard-*
#
# Optional, through --export: RUN_ID (default slurm-<array job id>); METRICS_PORT, to serve /metrics for a
# Prometheus on METRICS_PORT + the task's index (distinct ports, so that tasks sharing a node do not collide), each
# task then writing its scrape target to TARGETS_DIR/<run id>-shard-<I>.json (default results/targets) for
# Prometheus's file-based service discovery (docs/distributed.md); METRICS_HOST, the address to serve it on and
# name in the target (default: all addresses, named by `hostname -f`); CLEANUP_TIMEOUT (default 20s), how long
# the cleanup of a cancelled task may take: below Slurm's KillWait (30 s unless configured), after which Slurm
# kills the task outright; REPORTS (default console,json,hdr), the reports each task writes: add ops for every
# operation on record (merged by `merge` too, docs/ops-log.md).
#
#SBATCH --job-name=s3workload
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=8
#SBATCH --exclusive
#SBATCH --output=s3workload-%A_%a.log
set -euo pipefail
cd "${SLURM_SUBMIT_DIR:-.}"
run_id=${RUN_ID:-slurm-${SLURM_ARRAY_JOB_ID}}
task=${SLURM_ARRAY_TASK_ID}
metrics=()
if [ -n "${METRICS_PORT:-}" ]; then
  port=$((METRICS_PORT + task))
  metrics=(--prometheus-port "$port" --prometheus-host "${METRICS_HOST:-0.0.0.0}")
  targets=${TARGETS_DIR:-results/targets}
  mkdir -p "$targets"
  # written whole, then renamed: Prometheus never reads half a file
  printf '[{"targets": ["%s:%s"], "labels": {"slurm_job": "%s", "slurm_task": "%s"}}]\n' \
    "${METRICS_HOST:-$(hostname -f)}" "$port" "${SLURM_ARRAY_JOB_ID}" "$task" >"$targets/.$run_id-shard-$task.json"
  mv "$targets/.$run_id-shard-$task.json" "$targets/$run_id-shard-$task.json"
fi
# shellcheck disable=SC2086
exec ${S3WORKLOAD:-./s3workload} run "$WORKLOAD" --run-id "$run_id" --start-at "$START_AT" \
  --report "${REPORTS:-console,json,hdr}" --no-progress --cleanup-timeout "${CLEANUP_TIMEOUT:-20s}" "${metrics[@]}" \
  --out "results/$run_id/shard-$task"

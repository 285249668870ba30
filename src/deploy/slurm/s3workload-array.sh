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
#SBATCH --job-name=s3workload
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=8
#SBATCH --exclusive
#SBATCH --output=s3workload-%A_%a.log
set -euo pipefail
cd "${SLURM_SUBMIT_DIR:-.}"
run_id=${RUN_ID:-slurm-${SLURM_ARRAY_JOB_ID}}
# shellcheck disable=SC2086
exec ${S3WORKLOAD:-./s3workload} run "$WORKLOAD" --run-id "$run_id" --start-at "$START_AT" \
  --report console,json,hdr --no-progress --out "results/$run_id/shard-${SLURM_ARRAY_TASK_ID}"

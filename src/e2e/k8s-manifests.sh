#!/usr/bin/env bash
# The Kubernetes manifests (src/deploy/k8s/) against the Kubernetes API's OpenAPI schemas, and the documented steps
# against the manifests:
#  - the ConfigMap and the Indexed Job, as docs/distributed.md's sed makes it, validate strictly (no unknown
#    field) with kubernetes-validate (PyPI, pinned; the API's schemas for 1.35, 1.36 and 1.37 inside it), and a
#    broken copy (a misspelt field, a string for a count) is refused, so the validator is seen to validate;
#  - the Job is what the docs and s3workload need: completionMode Indexed, completions = parallelism = --shards,
#    no --shard (the index comes from JOB_COMPLETION_INDEX, which Kubernetes sets), a DNS-1123 name from the
#    documented RUN_ID, the ConfigMap mounted where the workload argument points and that workload valid for
#    s3workload, the image the docs build, --upload-results in the bucket the docs copy the results from, the
#    metrics port the pod annotations and src/deploy/prometheus/kubernetes.yml name;
#  - docs/distributed.md's kubectl lines name these files, this job and these placeholders.
# Installs kubernetes-validate with pip when it is missing; says SKIPPED when it cannot. A few seconds.
#   src/e2e/k8s-manifests.sh        (needs the jar for `s3workload validate`: run after ./mvnw verify)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
check="e2e k8s-manifests"
validator_version=1.37.0
if ! command -v kubernetes-validate >/dev/null || [ "$(kubernetes-validate --version 2>/dev/null)" != $validator_version ]; then
  python3 -m pip install -q "kubernetes-validate==$validator_version" >/dev/null 2>&1 \
    || python3 -m pip install -q --user "kubernetes-validate==$validator_version" >/dev/null 2>&1 || true
fi
validator=$(command -v kubernetes-validate || echo "$(python3 -m site --user-base)/bin/kubernetes-validate")
if [ ! -x "$validator" ]; then
  echo "$check: SKIPPED: kubernetes-validate $validator_version could not be installed from PyPI"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
k8s=$root/src/deploy/k8s
# the Job as the docs make it (docs/distributed.md: START_AT and RUN_ID as shown there)
start_at=$(date -u -d '+2 minutes' +%Y-%m-%dT%H:%M:%SZ)
run_id=run-$(date -u +%Y%m%d-%H%M%S)
sed -e "s/__START_AT__/$start_at/" -e "s/__RUN_ID__/$run_id/" "$k8s/indexed-job.yaml" >"$work/job.yaml"
verdicts=()
for version in 1.35.0 1.36.0 1.37.0; do
  if ! out=$("$validator" --strict -k "$version" "$k8s/workload-configmap.yaml" "$work/job.yaml" 2>&1); then
    echo "$out"; echo "$check: FAILED: the manifests do not validate against Kubernetes $version"; exit 1
  fi
  verdicts+=("$version: $(echo "$out" | grep -c passed) passed")
done
# broken copies must be refused: the validator is not a no-op
refused=0
for breakage in 's/completionMode: Indexed/completionMode: Indexed\n  completionsMode: Indexed/' \
    's/completions: 6 /completions: "six" /'; do
  sed -e "$breakage" "$work/job.yaml" >"$work/broken.yaml"
  if "$validator" --strict -k 1.37.0 "$work/broken.yaml" >"$work/broken.out" 2>&1; then
    cat "$work/broken.out"; echo "$check: FAILED: a broken Job ($breakage) passed"; exit 1
  fi
  refused=$((refused + 1))
done

# the ConfigMap's workload, as s3workload reads it
python3 - "$k8s/workload-configmap.yaml" "$work/workload.yaml" <<'PY'
import sys, yaml
open(sys.argv[2], "w").write(yaml.safe_load(open(sys.argv[1]))["data"]["workload.yaml"])
PY
"$root/s3workload" validate "$work/workload.yaml" >"$work/validate.out" 2>&1 \
  || { cat "$work/validate.out"; echo "$check: FAILED: the ConfigMap's workload is not valid"; exit 1; }

problems=$(python3 - "$k8s" "$work/job.yaml" "$run_id" "$root" <<'PY'
import re, sys, yaml
k8s, job_file, run_id, root = sys.argv[1:5]
job = yaml.safe_load(open(job_file))
configmap = yaml.safe_load(open(f"{k8s}/workload-configmap.yaml"))
docs = open(f"{root}/docs/distributed.md").read()
install = open(f"{root}/docs/install.md").read()
prometheus = yaml.safe_load(open(f"{root}/src/deploy/prometheus/kubernetes.yml"))
spec, pod = job["spec"], job["spec"]["template"]
container = pod["spec"]["containers"][0]
args = container["args"]
flags = dict(a[2:].split("=", 1) for a in args if a.startswith("--") and "=" in a)
problems = []
def need(ok, what):
    if not ok:
        problems.append(what)
need(spec.get("completionMode") == "Indexed", "completionMode is not Indexed")
need(spec["completions"] == spec["parallelism"] == int(flags.get("shards", -1)),
     f"completions {spec['completions']}, parallelism {spec['parallelism']} and --shards={flags.get('shards')} differ")
need(not any(a.startswith("--shard=") or a == "--shard" for a in args), "--shard given: the index must come from JOB_COMPLETION_INDEX")
need(not any(e.get("name") == "JOB_COMPLETION_INDEX" for e in container.get("env", [])), "JOB_COMPLETION_INDEX set by hand")
need("JOB_COMPLETION_INDEX" in docs, "docs/distributed.md does not say where the index comes from (JOB_COMPLETION_INDEX)")
need(spec.get("backoffLimit") == 0, "backoffLimit is not 0: a failed shard would be re-run out of step")
name = job["metadata"]["name"]
need(name == f"s3workload-{run_id}" and re.fullmatch(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?", name) and len(name) <= 63,
     f"the Job's name {name!r} is not s3workload-RUN_ID as a DNS-1123 label")
need(f"job/s3workload-$RUN_ID" in docs, "docs/distributed.md waits for another job name")
need(flags.get("run-id") == run_id and "start-at" in flags, "--run-id / --start-at are not the placeholders the docs replace")
# the workload: the ConfigMap mounted where the run's argument points
volumes = {v["name"]: v for v in pod["spec"]["volumes"]}
mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
workload_arg = args[1]
mount = next((p for p in mounts if workload_arg.startswith(p.rstrip("/") + "/")), None)
need(mount is not None, f"no volume is mounted where {workload_arg} is")
if mount:
    volume = volumes[mounts[mount]]
    need(volume.get("configMap", {}).get("name") == configmap["metadata"]["name"],
         f"the workload volume is not the ConfigMap {configmap['metadata']['name']}")
    need(workload_arg[len(mount.rstrip('/')) + 1:] in configmap["data"], f"the ConfigMap has no key for {workload_arg}")
need(f"kubectl apply -f src/deploy/k8s/workload-configmap.yaml" in docs, "the docs apply another ConfigMap file")
need("src/deploy/k8s/indexed-job.yaml" in docs and "__START_AT__" in docs and "__RUN_ID__" in docs,
     "the docs' sed does not fill this Job's placeholders")
# the image the docs build
need(container["image"] in install, f"docs/install.md does not build the image {container['image']}")
# results: uploaded into the bucket the docs copy them from, in the workload's bucket
upload = flags.get("upload-results", "")
workload = yaml.safe_load(configmap["data"]["workload.yaml"])
need(upload.startswith(f"s3://{workload['bucket']}/"), f"--upload-results {upload} is not in the workload's bucket")
need(f"{upload}$RUN_ID/" in docs, f"the docs copy the results from elsewhere than {upload}$RUN_ID/")
# metrics: the port served, declared, annotated; the Prometheus configuration keeps these pods by these annotations
port = int(flags.get("prometheus-port", 0))
annotations = pod["metadata"].get("annotations", {})
need(port and {"containerPort": port, "name": "metrics"}.items() <= container["ports"][0].items(),
     f"the container does not declare the metrics port {port}")
need(annotations.get("prometheus.io/scrape") == "true" and annotations.get("prometheus.io/port") == str(port),
     f"the pod annotations do not name the metrics port {port}")
relabels = prometheus["scrape_configs"][0]["relabel_configs"]
need(any("__meta_kubernetes_pod_annotation_prometheus_io_scrape" in r.get("source_labels", []) for r in relabels)
     and any("__meta_kubernetes_pod_annotation_prometheus_io_port" in r.get("source_labels", []) for r in relabels)
     and any(r.get("regex") == pod["metadata"]["labels"]["app"] for r in relabels),
     "src/deploy/prometheus/kubernetes.yml does not select these pods by these annotations and label")
print("\n".join(problems))
PY
)
if [ -n "$problems" ]; then
  echo "$problems" | sed 's/^/  /'
  echo "$check: FAILED: the manifests and the docs disagree"
  exit 1
fi
echo "$check: OK: kubernetes-validate $validator_version --strict: ConfigMap and Indexed Job valid against Kubernetes ${verdicts[*]}; $refused broken copies refused (a misspelt field, a string count); the Job matches the docs (Indexed, completions = parallelism = --shards, index from JOB_COMPLETION_INDEX, ConfigMap mount, image, results bucket, metrics port and annotations); the ConfigMap's workload valid"

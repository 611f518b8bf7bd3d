#!/usr/bin/env bash
# Installs the Debian packages the product needs, only those that are missing.
# Called by `npm start` and `npm test`; safe to run again. Uses sudo when not root.
#   ensure-system.sh          the runtime: PostgreSQL, Orthanc + DICOMweb + its PostgreSQL index plugin,
#                             Noto fonts for report PDFs,
#                             openssl (the self-signed HTTPS certificate of a first start),
#                             dcmtk (DICOM echo from the admin screens), ping, sqlite3 (npm run
#                             migrate:orthanc-index reads an older SQLite index of Orthanc with it),
#                             and nginx (the load balancer of a cluster: ORTHANC_NODES, ADAPTER_REPLICAS)
#   ensure-system.sh --test   also what the tests need: Chromium, dcmtk, pydicom's sample files, fonts,
#                             and for the compose test wget (Orthanc's container health check),
#                             nginx and openssl (the TLS front, with a self-signed certificate),
#                             rsyslog and its TLS driver (the syslog collector the audit log's export is tested against),
#                             dmtx-utils (reads back the medical-device edition's GS1 DataMatrix)
#   ensure-system.sh --bench  what `npm run bench` needs: Chromium, dcmtk, pydicom, wrk, rsyslog
#   ensure-system.sh --adapter the adapter's own packages only (the Dockerfile's runtime stage:
#                             PostgreSQL and Orthanc run in their own containers there)
set -euo pipefail

adapter_packages=(fonts-noto-cjk fonts-noto-core dcmtk iputils-ping openssl)
packages=(postgresql orthanc orthanc-dicomweb orthanc-postgresql sqlite3 nginx "${adapter_packages[@]}")
if [[ "${1:-}" == "--adapter" ]]; then
  packages=("${adapter_packages[@]}")
fi
if [[ "${1:-}" == "--test" ]]; then
  packages+=(chromium python3-pydicom fonts-dejavu-core poppler-utils wget nginx openssl rsyslog rsyslog-gnutls dmtx-utils)
fi
if [[ "${1:-}" == "--bench" ]]; then
  packages+=(chromium python3-pydicom wrk rsyslog)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

sudo=""
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "Need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi

echo "Installing Debian packages: ${missing[*]}"
# Debian's packages start their own system services on install (Orthanc on 4242/8042, PostgreSQL
# on 5432, nginx on 80). The product runs private instances instead, so keep the system ones from starting:
# a policy-rc.d that answers 101 ("action forbidden") for the duration of the install.
policy=/usr/sbin/policy-rc.d
made_policy=""
if [[ ! -e $policy ]]; then
  printf '#!/bin/sh\nexit 101\n' | $sudo tee $policy >/dev/null
  $sudo chmod +x $policy
  made_policy=1
fi
cleanup() { [[ -n $made_policy ]] && $sudo rm -f $policy; true; }
trap cleanup EXIT

# Refresh the package lists when they are absent or older than a day.
if [[ -z $(find /var/lib/apt/lists -maxdepth 1 -name '*Packages*' -mtime -1 2>/dev/null | head -1) ]]; then
  $sudo apt-get update -qq
fi
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

# With systemd, units are enabled even when policy-rc.d kept them from starting; the system
# Orthanc (and the tests' nginx) would take the default ports on the next boot.
for service in orthanc nginx rsyslog; do
  if [[ " ${missing[*]} " == *" $service "* ]] && command -v systemctl >/dev/null && [[ -d /run/systemd/system ]]; then
    $sudo systemctl disable --now "$service" >/dev/null 2>&1 || true
  fi
done
echo "Debian packages installed."

#!/usr/bin/env bash
# make deb-test: installs wordbook_VERSION_amd64.deb into a minimal Debian 12 made with debootstrap and
# proves that its dependencies alone are enough: a member of the group wordbook ingests test photos
# (a JPEG and a HEIC) and gets their words. Then it tries to boot the tree with systemd-nspawn and
# checks the service files a photo dropped into the inbox. Needs root and Debian's package archive.
#   scripts/deb-test.sh [DEB]     MIRROR=... to use another mirror; KEEP=1 keeps the tree
set -euo pipefail

cd "$(dirname "$0")/.."
[ "$(id -u)" -eq 0 ] || { echo "deb-test: needs root (debootstrap, chroot)" >&2; exit 1; }
deb=${1:-wordbook_$(make -s version)_$(dpkg --print-architecture).deb}
[ -f "$deb" ] || { echo "deb-test: $deb is missing: run make deb first" >&2; exit 1; }
mirror=${MIRROR:-http://deb.debian.org/debian}

tree=$(mktemp -d "${TMPDIR:-/var/tmp}/wordbook-deb-test.XXXXXX")
chmod 0755 "$tree"   # the root of the tree: every user must traverse it
cleanup() {
  for mounted in proc sys dev/pts dev; do umount "$tree/$mounted" 2>/dev/null || true; done
  [ -n "${KEEP:-}" ] && { echo "deb-test: the tree stays in $tree"; return; }
  rm -rf --one-file-system "$tree"
}
trap cleanup EXIT

echo "== debootstrap bookworm into $tree"
debootstrap --variant=minbase --include=systemd,systemd-sysv,dbus bookworm "$tree" "$mirror" >"$tree.debootstrap.log" 2>&1 \
  || { tail -20 "$tree.debootstrap.log" >&2; exit 1; }
rm -f "$tree.debootstrap.log"
mount -t proc proc "$tree/proc"
mount --bind /sys "$tree/sys"
mount --bind /dev "$tree/dev"
mount --bind /dev/pts "$tree/dev/pts"
cp /etc/resolv.conf "$tree/etc/resolv.conf"
# No service starts inside the chroot.
printf '#!/bin/sh\nexit 101\n' > "$tree/usr/sbin/policy-rc.d"
chmod 0755 "$tree/usr/sbin/policy-rc.d"

echo "== apt-get install ./$(basename "$deb")"
cp "$deb" "$tree/tmp/"
chroot "$tree" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
chroot "$tree" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "/tmp/$(basename "$deb")" \
  > "$tree/tmp/apt.log" 2>&1 || { cat "$tree/tmp/apt.log" >&2; echo "deb-test: the package did not install" >&2; exit 1; }
chroot "$tree" dpkg-query -W -f='${Status} ${Version}\n' wordbook
chroot "$tree" apt-get check -qq
chroot "$tree" stat -c '%A %U:%G %n' /var/lib/wordbook

echo "== a member of the group wordbook ingests a JPEG and a HEIC"
chroot "$tree" useradd --create-home --groups wordbook alice
mkdir -p "$tree/tmp/photos"
cp TestImages/ausgang.jpg TestImages/heic/cafe.heic "$tree/tmp/photos/"
chmod -R a+rX "$tree/tmp/photos"
output=$(chroot "$tree" setpriv --reuid=alice --regid=alice --init-groups env HOME=/home/alice \
  wordbook ingest --json /tmp/photos/ausgang.jpg /tmp/photos/cafe.heic 2>&1) \
  || { echo "$output" >&2; echo "deb-test: wordbook ingest failed" >&2; exit 1; }
echo "$output"
for word in Ausgang Café; do
  echo "$output" | grep -q "\"word\": \"$word\"" || { echo "deb-test: no photo was read as $word" >&2; exit 1; }
done
# Installed without its recommendations, OpenCV is missing: photos were read by Tesseract alone, and
# status names the package that brings the scene-text route; then that package is installed.
missing=$(chroot "$tree" setpriv --reuid=alice --regid=alice --init-groups env HOME=/home/alice wordbook status)
echo "$missing" | grep 'reading '
echo "$missing" | grep -q 'sudo apt-get install libopencv-dnn406' \
  || { echo "deb-test: status does not name libopencv-dnn406 while OpenCV is missing" >&2; exit 1; }
chroot "$tree" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libopencv-dnn406 \
  > "$tree/tmp/apt.log" 2>&1 || { cat "$tree/tmp/apt.log" >&2; echo "deb-test: libopencv-dnn406 did not install" >&2; exit 1; }
printf '[paths]\ndata = "/home/alice/opencv"\ndatabase = "/home/alice/opencv/wordbook.sqlite"\n' > "$tree/tmp/opencv.toml"
chmod 0644 "$tree/tmp/opencv.toml"
output=$(chroot "$tree" setpriv --reuid=alice --regid=alice --init-groups env HOME=/home/alice \
  wordbook ingest --config /tmp/opencv.toml --json /tmp/photos/ausgang.jpg 2>&1) \
  || { echo "$output" >&2; echo "deb-test: wordbook ingest with OpenCV failed" >&2; exit 1; }
echo "$output"
# The scene-text route: the same photo ingested again with the models' folder pointing nowhere (into a
# word book of its own) is read by Tesseract alone; the proposals must differ, or the packaged models
# in /usr/share/wordbook/models were not used.
chroot "$tree" ls -l /usr/share/wordbook/models
printf '[paths]\ndata = "/home/alice/no-models"\ndatabase = "/home/alice/no-models/wordbook.sqlite"\n[recognition]\nmodels = "/nonexistent"\n' \
  > "$tree/tmp/no-models.toml"
chmod 0644 "$tree/tmp/no-models.toml"
alone=$(chroot "$tree" setpriv --reuid=alice --regid=alice --init-groups env HOME=/home/alice \
  wordbook ingest --config /tmp/no-models.toml --json /tmp/photos/ausgang.jpg 2>&1) \
  || { echo "$alone" >&2; echo "deb-test: wordbook ingest without the models failed" >&2; exit 1; }
echo "without the models: $alone"
proposal() { grep '/tmp/photos/ausgang.jpg' | sed 's/"id": [0-9]*, //'; }
if [ "$(echo "$output" | proposal)" = "$(echo "$alone" | proposal)" ]; then
  echo "deb-test: ausgang.jpg got the same proposal without the models: the scene-text route did not run" >&2
  exit 1
fi
echo "deb-test: the models changed ausgang.jpg's proposal: the scene-text route ran"
chroot "$tree" ls -l /var/lib/wordbook
chroot "$tree" setpriv --reuid=alice --regid=alice --init-groups env HOME=/home/alice wordbook status

echo "== systemd-nspawn --boot"
rm -f "$tree/usr/sbin/policy-rc.d"
for mounted in dev/pts dev sys proc; do umount -l "$tree/$mounted"; done
cp TestImages/heic/station.heic "$tree/root/"
# Inside the booted tree a one-shot unit after the worker's checks it, drops a photo into the inbox,
# waits up to 10 s for it to be filed, asks for the pending words as alice, and powers the container off.
# --register=no --keep-unit: no machined nor system bus is needed on the host.
cat > "$tree/root/inside.sh" <<'EOF'
#!/bin/sh
systemctl is-active wordbook || { journalctl -u wordbook --no-pager | tail -20; exit 1; }
cp /root/station.heic /var/lib/wordbook/inbox/booted.heic
for i in $(seq 1 20); do
  [ -e /var/lib/wordbook/inbox/booted.heic ] || break
  sleep 0.5
done
[ ! -e /var/lib/wordbook/inbox/booted.heic ] || { echo "not filed within 10 s"; exit 1; }
setpriv --reuid=alice --regid=alice --init-groups env HOME=/home/alice wordbook pending | tee /root/pending.txt
grep -q Station /root/pending.txt
EOF
chmod 0755 "$tree/root/inside.sh"
cat > "$tree/etc/systemd/system/deb-test.service" <<'EOF'
[Unit]
After=wordbook.service
[Service]
Type=oneshot
ExecStart=/bin/sh -c '/root/inside.sh > /root/inside.log 2>&1; echo $? > /root/inside.rc'
ExecStartPost=/bin/systemctl --no-block poweroff
[Install]
WantedBy=multi-user.target
EOF
mkdir -p "$tree/etc/systemd/system/multi-user.target.wants"
ln -s /etc/systemd/system/deb-test.service "$tree/etc/systemd/system/multi-user.target.wants/deb-test.service"
status=0
timeout 180 systemd-nspawn --quiet --boot --register=no --keep-unit --directory="$tree" > "$tree.nspawn.log" 2>&1 || status=$?
if [ -f "$tree/root/inside.rc" ]; then
  cat "$tree/root/inside.log"
  status=$(cat "$tree/root/inside.rc")
  if [ "$status" -eq 0 ]; then echo "deb-test: the booted service filed the photo"; else echo "deb-test: the booted service failed" >&2; fi
else
  echo "deb-test: systemd-nspawn --boot did not boot the tree (status $status); it said:" >&2
  tail -20 "$tree.nspawn.log" >&2
  echo "deb-test: the chroot part passed; the boot part could not run here" >&2
fi
rm -f "$tree.nspawn.log"
exit "$status"

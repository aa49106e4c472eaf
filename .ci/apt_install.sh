# Sourced by capi/check.sh and npm/check.sh: `apt_install PACKAGE...` installs Debian packages
# (apt-get update first; sudo when not root), each apt call bounded by a timeout.
apt_install() {
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  timeout 300 $sudo apt-get update -qq &&
    timeout 300 $sudo apt-get install -y -qq --no-install-recommends "$@" > /dev/null
}

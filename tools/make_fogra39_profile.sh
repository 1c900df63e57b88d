#!/bin/sh
# Rebuild printkit/icc/printkit-FOGRA39.icc, the CMYK profile `printkit build --cmyk` converts through.
#
# Run once by hand, never at build or test time (the profile is committed):
#     apt-get install icc-profiles-free argyll
#     sh tools/make_fogra39_profile.sh
#
# Input: FOGRA39L.ti3, Fogra's characterization data for offset printing on
# coated paper (ISO 12647-2:2004/Amd 1, paper type 1 or 2), as Debian's
# icc-profiles-free packages it under the Zlib licence (Kai-Uwe Behrmann).
# Tool: ArgyllCMS colprof (AGPL-3; the licence covers the program, not the
# profile it computes from the data). Settings: medium quality (-qm), ramp
# black generation (-kr), 330 % total ink and 100 % black (-l330 -L100: the
# limits of FOGRA39's coated offset condition), no measurement data embedded
# (-nc, so the file stays about 120 KB).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp /usr/share/color/icc/FOGRA39L.ti3 "$work/"
cd "$work"
colprof -qm -kr -l330 -L100 -nc \
    -D "printkit FOGRA39 (coated offset, from FOGRA39L.ti3)" \
    -C "Made from FOGRA39L.ti3 (Fogra characterization data as packaged in icc-profiles-free, Zlib licence) with ArgyllCMS colprof" \
    FOGRA39L
cp FOGRA39L.icc "$here/printkit/icc/printkit-FOGRA39.icc"
echo "wrote $here/printkit/icc/printkit-FOGRA39.icc"

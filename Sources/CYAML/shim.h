// libyaml's event parser, for reading YAML gamebooks with a real YAML 1.1 parser
// (Debian: libyaml-dev; pkg-config: yaml-0.1).
#include <yaml.h>

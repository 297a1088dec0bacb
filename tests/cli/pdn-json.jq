# SPDX-License-Identifier: MIT
# The JSON records of the pdntools, as man/pdn-json.5 describes them: read
# with jq -R -r -f pdn-json.jq, one input line per record; prints one line
# per record that breaks the schema (nothing when every record keeps it).

def nat: type == "number" and . >= 1 and . == floor;
def count: type == "number" and . >= 0 and . == floor;
def str: type == "string";
def optnat: . == null or nat;
def optstr: . == null or str;
def square: nat or str;
def has_only($allowed): (keys - $allowed) == [];
def need($keys): . as $o | [$keys[] as $k | select($o | has($k) | not) | $k];

# Each check gives a list of what is wrong (empty: the record is valid).
def finding_keys:
  ["type","file","game","line","col","severity","code","message","ply",
   "move","fen","legal"];
def finding:
  need(finding_keys) as $miss
  | [ (if $miss != [] then "missing \($miss | join(","))" else empty end),
      (finding_keys + ["rule","automatic","from","plies","suggest"]) as $allowed
      | (if has_only($allowed) | not
         then "unknown members \((keys - $allowed) | join(","))" else empty end),
      (if has("suggest") and (.code != "illegal" or (.suggest | optstr | not))
       then "suggest not a string or null on an illegal move" else empty end),
      (if (.file | str) | not then "file not a string" else empty end),
      (if (.game | optnat) | not then "game not a number or null" else empty end),
      (if (.line | optnat) and (.col | optnat) | not
       then "line/col not numbers or null" else empty end),
      (if (.severity | IN("error","warning")) | not then "bad severity" else empty end),
      (if (.code | str) and (.message | str) | not then "code/message" else empty end),
      (if (.ply | . == null or count) | not then "ply" else empty end),
      (if (.move | optstr) and (.fen | optstr) | not then "move/fen" else empty end),
      (if (.legal | . == null or (type == "array" and all(.[]; str))) | not
       then "legal not null or an array of strings" else empty end) ];

def move:
  [ (if (.ply | nat) and (.move | str) and (.resolved | type == "boolean") | not
     then "move \(.ply): ply, move or resolved" else empty end),
    (if .resolved and ((has("from") and has("to") and has("captures")) | not)
     then "resolved move \(.ply) without from/to/captures" else empty end),
    (if (.resolved | not) and (has("from") or has("captures"))
     then "unresolved move \(.ply) with from/captures" else empty end),
    (if (.path // [] | all(.[]; square)) | not then "path squares" else empty end),
    (if (.variations // [] | type) != "array" then "variations" else empty end),
    ((.variations // [])[] | .[] | move[]) ];

def opening:
  if . == null then []
  elif (type == "object" and (keys - ["name","name_en","plies","code","ballot"]) == [] and
        (.name | optstr) and (.name_en | optstr) and (.plies | count) and
        (.code | str) and (.ballot | optnat)) | not
  then ["opening member"]
  else [] end;

def game:
  if has("opening") then
    (.opening | opening)
    + [ (if (keys - ["type","file","game","opening"]) != []
         then "opening record with more than its opening" else empty end) ]
  elif has("error") then
    [ (if (.error | has_only(["line","col","code","message"])) and
          (.error.message | str) and (.error.code | str) | not
       then "error member" else empty end),
      (if has_only(["type","file","game","error"]) | not
       then "unread game with more than its error" else empty end) ]
  else
    [ (if (.tags | type) != "object" or ((.tags | all(.[]; str)) | not)
       then "tags not an object of strings" else empty end),
      (if (.repeated_tags // [] | all(.[]; length == 2)) | not
       then "repeated_tags" else empty end),
      (if (.moves | type) != "array" then "moves not an array" else empty end),
      (.moves[]? | move[]),
      (if (.result | optstr) | not then "result" else empty end) ]
  end
  + [ (if (.file | str) and (.game | nat) | not then "file/game" else empty end) ];

# over: null, "no-move", "variant-end" or "draw-RULE"; claim: null or
# "draw-RULE" (man pdn-json(5))
def drawrule: type == "string" and startswith("draw-");
def position:
  [ (if (.file | str) and (.game | nat) and (.ply | count) | not
     then "file/game/ply" else empty end),
    (if (.move | optstr) and (.fen | str) | not then "move/fen" else empty end),
    (if has("over") and ((.over == null or .over == "no-move" or
                          .over == "variant-end" or (.over | drawrule)) | not)
     then "over" else empty end),
    (if has("claim") and ((.claim == null or (.claim | drawrule)) | not)
     then "claim" else empty end) ];

def summary:
  [ (if .file != null or .game != null then "summary with file/game" else empty end),
    (if [.files, .games, .plies, .errors, .warnings] | all(count) | not
     then "counts" else empty end),
    (if (.seconds | type) != "number" then "seconds" else empty end) ];

# pdn-db explore: a position of the explorer and the moves played from it
def explored:
  [ (if (.file | str) and .game == null | not then "file/game" else empty end),
    (if [.games, .wins, .draws, .losses, .unknown] | all(count) | not
     then "counts" else empty end),
    (if .wins + .draws + .losses + .unknown != .games
     then "results do not add up" else empty end),
    (if (.fen | str) and (.key | str) and (.top | type) == "array" | not
     then "fen/key/top" else empty end),
    (if .type == "move" and ((.move | str) and (.reached | count) and
                             (.transposition | type) == "boolean" | not)
     then "move" else empty end),
    (if .type == "position" and (.continued + .ended != .games)
     then "continued/ended" else empty end) ];

def check:
  if type != "object" then ["not an object"]
  elif (has("type") and has("file") and has("game")) | not
  then ["missing type, file or game"]
  elif .type == "finding" then finding
  elif .type == "game" then game
  elif .type == "position" and has("games") then explored
  elif .type == "move" then explored
  elif .type == "position" then position
  elif .type == "summary" then summary
  else ["unknown type \(.type)"] end;

# (fromjson inside an array: jq 1.6's try would also catch the errors of
# what follows it)
. as $line
| [fromjson?] as $r
| if $r == [] then "not JSON: \($line[0:120])"
  else ($r[0] | check) as $bad
  | if $bad == [] then empty else "\($bad | join("; ")): \($line[0:160])" end
  end

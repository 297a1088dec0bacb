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
      (finding_keys + ["rule","automatic","from","plies","suggest"]
       + (if .code == "fix" then ["repair","to"] else [] end)) as $allowed
      | (if has_only($allowed) | not
         then "unknown members \((keys - $allowed) | join(","))" else empty end),
      (if has("suggest") and (.code != "illegal" or (.suggest | optstr | not))
       then "suggest not a string or null on an illegal move" else empty end),
      (if (.file | str) | not then "file not a string" else empty end),
      (if (.game | optnat) | not then "game not a number or null" else empty end),
      (if (.line | optnat) and (.col | optnat) | not
       then "line/col not numbers or null" else empty end),
      # notes: pdn-fix's repairs, pdn-validate's accepted forms (a Russian
      # game's x captures and results in points)
      (if (.severity | IN("error","warning")) or
          (.severity == "note" and (.code | IN("fix","move","result"))) | not
       then "bad severity" else empty end),
      # pdn-fix's repairs: repair, from and to, never left out
      (if .code == "fix" and
          ((has("repair") and has("from") and has("to")) | not)
       then "repair without repair/from/to" else empty end),
      (if .code == "fix" and ((.repair | str) and (.from | optstr) and
                              (.to | optstr) | not)
       then "repair, from or to not strings (or null)" else empty end),
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

# pdn-select -f json: a selected game's place in its input and its tags
# (pdn-db search: and the plies where its position, pattern or manoeuvre
# stands)
def selected:
  [ (if has_only(["type","file","game","line","offset","tags","plies"]) | not
     then "selected game with other members \((keys - ["type","file","game","line","offset","tags","plies"]) | join(","))" else empty end),
    (if has("plies") and ((.plies | type == "array" and all(.[]; count)) | not)
     then "plies not an array of counts" else empty end),
    (if (.line | nat) and (.offset | count) | not then "line/offset" else empty end),
    (if (.tags | type) != "object" or ((.tags | all(.[]; str)) | not)
     then "tags not an object of strings" else empty end) ];

def game:
  if has("offset") then selected
  elif has("opening") then
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

# pdn-select -H: which game a dropped one repeats
def duplicate:
  [ (if has_only(["type","file","game","line","col","kind","of"]) | not
     then "duplicate with other members" else empty end),
    (if (.file | str) and (.game | nat) and (.line | nat) and (.col | nat) | not
     then "file/game/line/col" else empty end),
    (if (.kind | IN("same","beginning")) | not then "kind" else empty end),
    (if (.of | type) != "object" or ((.of.file | str) and (.of.game | nat) | not)
       or ((.of | has_only(["file","game"])) | not)
     then "of" else empty end) ];

# pdn-stats -f json: a file's counters (stats) or every file's (total)
def counts: type == "object" and all(.[]; count);
def stats:
  ["type","file","game","games","unreadable","variants","results","dates",
   "events","games_without_event","players","plies","openings",
   "named_openings","tables"] as $k
  | [ (if need($k) != [] then "missing \(need($k) | join(","))" else empty end),
      (if has_only($k) | not then "unknown members \((keys - $k) | join(","))" else empty end),
      (if .game != null then "game not null" else empty end),
      (if (.type == "stats" and ((.file | str) | not)) or
          (.type == "total" and .file != null)
       then "file" else empty end),
      (if [.games, .unreadable, .games_without_event] | all(count) | not
       then "counts" else empty end),
      (if [.variants, .results, .events, .players] | all(counts) | not
       then "variants/results/events/players not objects of counts" else empty end),
      (if (.plies | type == "object" and
           ([.min, .median, .max, .mean] | all(. == null or type == "number")))
          | not then "plies" else empty end),
      (if (.tables | type) != "array" then "tables" else empty end) ];

def summary:
  [ (if has_only(["type","file","game","files","games","selected","plies",
                  "errors","warnings","seconds"]) | not
     then "summary with other members" else empty end),
    (if has("selected") and (.selected | count | not) then "selected" else empty end),
    (if .file != null or .game != null then "summary with file/game" else empty end),
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
  elif .type == "duplicate" then duplicate
  elif .type == "stats" or .type == "total" then stats
  else ["unknown type \(.type)"] end;

# (fromjson inside an array: jq 1.6's try would also catch the errors of
# what follows it)
. as $line
| [fromjson?] as $r
| if $r == [] then "not JSON: \($line[0:120])"
  else ($r[0] | check) as $bad
  | if $bad == [] then empty else "\($bad | join("; ")): \($line[0:160])" end
  end

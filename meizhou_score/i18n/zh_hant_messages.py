"""The Traditional Chinese catalog of messages (錯誤訊息): each English template (the id) and its words."""

# English template | Chinese template. One line a message; the blanks must match.
TABLE = r"""
{first}{then} | {first}{then}
{text!r} | {text!r}
hand {n} | 第 {n} 局
the session has no hand to take back | 這一場沒有可以撤回的局
{path} has hands 1 to {count}; there is no hand {n} | {path} 只有第 1 到第 {count} 局；沒有第 {n} 局
two inputs are both named {name}: their results would share one file in --out; audit them into different folders | 有兩個輸入都叫 {name}：結果會寫進 --out 的同一個檔案；請分開稽核到不同的資料夾
an input is named summary.json, the name of the summary in --out; rename it | 有一個輸入叫 summary.json，與 --out 中摘要的檔名相同；請改名
audit runs on Dask, which is not installed: pip install 'meizhou-score[dask]' ({why}) | audit 在 Dask 上執行，但沒有安裝 Dask：pip install 'meizhou-score[dask]'（{why}）
no Dask scheduler answered at {address} ({why}) | {address} 沒有 Dask 排程器回應（{why}）
no file matches | 沒有相符的檔案
{file}: {lines:,} lines, {settled:,} settled, {disputed:,} disputed, {refused:,} refused | {file}：{lines:,} 行，{settled:,} 行已結算，{disputed:,} 行有爭議，{refused:,} 行被拒
in all: {lines:,} lines, {settled:,} settled, {disputed:,} disputed, {refused:,} refused | 合計：{lines:,} 行，{settled:,} 行已結算，{disputed:,} 行有爭議，{refused:,} 行被拒
--chart draws one night: give one FILE | --chart 只畫一場：請給一個檔案
settle-up --record asks first; pass --yes when nobody can answer | settle-up --record 會先詢問；沒有人可以回答時請加 --yes
ledger remove-payment asks first; pass --yes when nobody can answer | ledger remove-payment 會先詢問；沒有人可以回答時請加 --yes
expected the amount as a positive number, like 120 or 2.5; got {text!r} | 金額應為正數，例如 120 或 2.5；卻是 {text!r}
{payer!r} and {payee!r} are one player: a payment is between two | {payer!r} 與 {payee!r} 是同一位玩家：付款要在兩人之間
no payment {number} in the ledger (see: meizhou-score ledger payments) | 帳本中沒有第 {number} 筆付款（見 meizhou-score ledger payments）
answer {yes} or {no} | 請回答{yes}或{no}
明槓 with no from: the house rules pay 直槓 (from a discard) and 加槓 (added to one's own pung) differently; write 加槓 (added), or 直槓 (exposed) with from: the discarder | 明槓 卻沒有 from：本桌規則對直槓（槓別人打出的牌）與加槓（在自己的碰上加槓）付法不同；請寫加槓（added），或寫直槓（exposed）並以 from 寫出打牌的人
serve needs starlette and uvicorn: pip install 'meizhou-score' again ({why}) | serve 需要 starlette 與 uvicorn：請重新 pip install 'meizhou-score'（{why}）
Serving {night} at {url} | {night} 已在 {url} 開放
Scan to open it on a phone (the link carries the table's secret: share it with the table only): | 用手機掃描開啟（連結含有這一桌的密碼：只給同桌的人）：
Ctrl-C stops the server. | 按 Ctrl-C 停止伺服器。
could not listen on {host}:{port} (is another program using the port? try --port) | 無法在 {host} 的 {port} 埠監聽（埠被其他程式佔用？試試 --port）
The server stopped; every hand recorded is in {night}. | 伺服器已停止；記下的每一局都在 {night}。
not a regular file (a pipe or a device): a night is kept in a file | 不是一般檔案（管線或裝置）：一場要記在檔案裡
could not listen on {host}:{port}: {why} | 無法在 {host} 的 {port} 埠監聽：{why}
missing; a new night names its players, in seat order | 缺少；新的一場要依座位順序寫出玩家
no hand {number} in the night ({count} hand{count:s}) | 這一場沒有第 {number} 局（共 {count} 局）
hand {number}: {reasons} | 第 {number} 局：{reasons}
not recorded: {reasons} | 沒有記錄：{reasons}
the balances sum to {total}, not 0, so no payments can square them (a ledger changed by hand? ledger check says where) | 輸贏相加為 {total}，不是 0，因此無法以付款結清（帳本被手動改過？ledger check 會指出在哪裡）
no ledger here yet (ledger add creates one) | 這裡還沒有帳本（ledger add 會建立一個）
no such folder: {folder} | 沒有這個資料夾：{folder}
the ledger is busy: another program has been writing to it for {seconds:g} s; nothing was changed, try again | 帳本忙碌中：另一個程式已寫入 {seconds:g} 秒；沒有更改任何東西，請再試一次
cannot use the ledger: {why} | 無法使用帳本：{why}
the ledger is damaged ({why}); SQLite's integrity check says: {check} | 帳本已損壞（{why}）；SQLite 完整性檢查結果：{check}
night {night} came from this file, and its hands {hands} are not what the ledger holds; nothing was added (to replace night {night} with the file as it is now: ledger add --replace {night}) | 第 {night} 場來自這個檔案，但其中第 {hands} 局與帳本所存的不同；沒有加入任何東西（要以檔案現況取代第 {night} 場：ledger add --replace {night}）
--replace N takes one FILE | --replace N 只接受一個檔案
{old!r} and {new!r} are already one player in the ledger | {old!r} 與 {new!r} 在帳本中已是同一位玩家
{old!r} and {new!r} sat at the same table on night {night}: they are two people, not one | {old!r} 與 {new!r} 在第 {night} 場同桌：他們是兩個人，不是一個
the ledger failed its check ({count} problems); nothing was changed | 帳本沒有通過檢查（{count} 個問題）；沒有更改任何東西
SQLite's integrity check says: {check} | SQLite 完整性檢查結果：{check}
hand {hand} of night {night}: its balances sum to {units} units, not 0 | 第 {night} 場第 {hand} 局：輸贏相加為 {units} 單位，不是 0
this hand would take the session to {size:,} bytes, past the limit of {limit:,} (MEIZHOU_MAX_SESSION_BYTES); nothing was written: start a new night in a new file (record NEW.yaml --players …) | 這一局會讓整場的檔案達到 {size:,} 位元組，超過上限 {limit:,}（MEIZHOU_MAX_SESSION_BYTES）；沒有寫入任何內容：請在新檔案開始新的一場（record 新檔.yaml --players …）
the file is read-only; nothing was written (make it writable to record in it) | 檔案是唯讀的；沒有寫入任何內容（請先讓它可寫入再記錄）
the file could not be written as meant; nothing was written | 檔案無法照原意寫入；沒有寫入任何內容
{text!r} is not a date in the calendar | {text!r} 不是日曆上的日期
standard input is closed; give a file, or pipe the record in | 標準輸入已關閉；請給出檔案，或以管道傳入記錄
{name!r} and {other!r} are one player written two ways; the four names must differ by more than case and spacing | {name!r} 和 {other!r} 是同一位玩家的兩種寫法；四個名字不能只差大小寫或空格
expected {expected}; got {found} | 應為{expected}；卻是 {found}
nothing (null) | 空值（null）
{value!r} (a boolean) | {value!r}（布林值）
a mapping | 一個對照表（mapping）
a list | 一個列表
a whole number of about {digits} digits | 約 {digits} 位的整數
expected text keys; got {found} | 鍵應為文字；卻是 {found}
unknown key{hint}; expected one of {allowed} | 不認識的鍵{hint}；應為以下之一：{allowed}
 (did you mean {near!r}?) | （是不是 {near!r}？）
missing; this key is required | 缺少：這個鍵是必填的
a whole number from 0 to {limit:,} | 0 到 {limit:,} 的整數
one of {options} | 以下之一：{options}
true or false | true 或 false
a positive number | 正數
a number | 數字
a finite number | 有限的數字
; remove the quotes | ；這是文字：請去掉引號
expected an amount below 10^{magnitude}; got a number of {digits}+ digits | 金額應小於 10^{magnitude}；卻是 {digits} 位以上的數字
expected an amount of at most {digits} digits, at most {decimals} after the point, below 10^{magnitude}; got {found} (amounts are kept exact, so the tool refuses what it cannot keep) | 金額最多 {digits} 位有效數字、小數點後最多 {decimals} 位、小於 10^{magnitude}；卻是 {found}（金額一律精確計算，無法精確保存的數字不收）
a date like 2026-11-30 | 日期，例如 2026-11-30
no hand recorded yet (an empty list): record adds hand 1 | 還沒有記錄任何一局（空列表）：record 會加入第 1 局
not allowed in a session's hand: {fixed} are fixed for the whole session (start a new session when the table changes) | 一場中的單局不可寫 {fixed}：整場固定不變（換桌請另開一場）
expected exactly 4 players in seat order East, South, West, North; got {count} | 應有 4 名玩家，依東、南、西、北座次；卻是 {count} 名
a name (text; quote names such as 'Yes' or 'No') | 名字（文字；Yes、No 之類的名字請加引號）
a name | 名字
a name of {length:,} characters; at most {limit} | 名字長 {length:,} 個字元；最多 {limit} 個
a name may not hold control characters or broken Unicode; got {name!r} | 名字不可含控制字元或損壞的 Unicode；卻是 {name!r}
a name may not hold invisible characters (zero-width spaces, direction marks): two names that look the same must be the same; got {name!r} | 名字不可含看不見的字元（零寬空格、方向標記）：看起來相同的名字必須真的相同；卻是 {name!r}
{name!r} is already seated; the four names must differ | {name!r} 已經入座；四個名字必須不同
one of the players ({players}) | 其中一名玩家（{players}）
tiles as text, like '123m 456p 11z' | 以文字寫的牌，例如 「123m 456p 11z」
{length:,} characters: longer than any hand's tiles can be written ({limit}) | {length:,} 個字元：比任何一手牌的寫法都長（上限 {limit}）
expected one tile; got {count} in {text!r} | 應為一張牌；{text!r} 卻有 {count} 張
not allowed in an exhaustive draw (draw: true): nobody won | 荒莊（draw: true）不可寫這個鍵：無人胡牌
missing; a hand needs winner, win_type and hand (or draw: true) | 缺少：一局要寫 winner、win_type 和 hand（或 draw: true）
one of {options} (or 自摸, 槓上開花, 搶槓) | 以下之一：{options}（或 自摸、槓上開花、搶槓）
missing; a robbed kong (搶槓) names the player whose kong was robbed | 缺少：搶槓要寫出被搶槓的玩家
the robbed player cannot be the winner ({winner!r}) | 被搶槓的玩家不能是胡牌者（{winner!r}）
only allowed when win_type is robbed_kong; got win_type {win_type!r} | 只有 win_type 為 robbed_kong（搶槓）時可寫；這局的 win_type 是 {win_type!r}
expected 14 tiles counting each pung and kong as 3 (concealed {concealed} + 3 × {pungs} pungs + 3 × {kongs} kongs of {winner}); got {size} | 應為 14 張牌，每副碰、槓算 3 張（{winner} 的手牌 {concealed} 張 + 碰 {pungs} 副 × 3 + 槓 {kongs} 副 × 3）；卻是 {size} 張
expected a pung: three identical tiles like '777z' (there is no chow, 吃); got {text!r} | 應為一副碰：三張相同的牌，例如 「777z」（不能吃）；卻是 {text!r}
{tile} is not among the concealed tiles {concealed} | {tile} 不在手牌 {concealed} 之中
one of {options} (or 暗槓, 加槓, 明槓) | 以下之一：{options}（或 暗槓、加槓、明槓）
missing; an exposed kong names the discarder it came from | 缺少：直槓要寫出打出那張牌的玩家
the discarder must be another player than the kong's owner ({player!r}) | 打出那張牌的必須是槓主（{player!r}）以外的玩家
only allowed for an exposed kong; this kong is {kind} | 只有直槓可寫；這副槓是 {kind}
a mapping of player to balance | 玩家對輸贏的對照表
names of players as keys ({players}) | 以玩家名字為鍵（{players}）
{name!r} is claimed twice (the same name written two ways) | {name!r} 申報了兩次（同一個名字寫了兩種寫法）
{count} in {place} | {place} 中 {count} 張
{before}; {after} | {before}；{after}
{player}'s robbed pung | {player} 被搶槓的碰
 — a robbed kong's tile is the winner's only copy ({rule}): the robbed player's pung holds the other three | ——搶槓的那張牌，胡牌者只有一張（{rule}）：另外三張在被搶者的碰裡
{count} copies of {tile} ({places}); there are only four of each tile ({rule}){note} | {tile} 有 {count} 張（{places}）；每種牌只有四張（{rule}）{note}
 — a robbed kong is not listed under kongs: it was never completed ({rule}) | ——搶槓不寫在 kongs 之下：那副槓沒有完成（{rule}）
 — {count} copies of {tile} in concealed and a kong of {tile}: write the kong once, under kongs, and leave its tiles out of concealed | ——concealed 裡有 {count} 張 {tile}，又有一副 {tile} 的槓：槓只寫一次，寫在 kongs 之下，concealed 裡不要再寫
{tiles} with {melds} | {tiles} 加 {melds}
{tiles} forms a winning shape, but every pattern it matches has ratio 0 under the rules in force | {tiles} 是胡牌的牌型，但在現行規則下它符合的牌型倍數都是 0
seven pairs (七小對) | 七小對
thirteen orphans (十三幺) | 十三幺
{tiles} is {name}, but `patterns.{shape}` is 0 in the house rules, so it is not a winning shape at this table ({rule}) | {tiles} 是{name}，但規則檔的 `patterns.{shape}` 是 0，所以這一桌不算胡牌（{rule}）
{tiles} is not a winning hand: it is neither a pair and four sets, nor seven pairs, nor thirteen orphans under the rules in force ({rule}) | {tiles} 不是胡牌：在現行規則下既不是一對將加四副面子，也不是七小對或十三幺（{rule}）
a kong bloom (槓上開花) is won on a kong's replacement tile, but {winner} owns no kong in this record ({rule}) | 槓上開花是槓後補的牌胡牌，但這局紀錄中 {winner} 沒有槓（{rule}）
missing; the hand before was not a legal win, so the rotation cannot say who deals: name the dealer | 缺少：上一局不是合法的胡牌，輪莊無法決定誰坐莊：請寫出莊家
not UTF-8 text (line {line}, column {column}: byte {position} is {byte:#04x}){hint} | 不是 UTF-8 文字（第 {line} 行第 {column} 欄：第 {position} 個位元組是 {byte:#04x}）{hint}
; it reads as {encoding}: save it as UTF-8 | ；看來是 {encoding} 編碼：請另存為 UTF-8
cannot read the file: {why} | 無法讀取檔案：{why}
the file is larger than {limit}, the limit for a session (MEIZHOU_MAX_SESSION_BYTES or --max-session-bytes) | 檔案大於 {limit}，超過一場的上限（MEIZHOU_MAX_SESSION_BYTES 或 --max-session-bytes）
the file is {size}, larger than {limit}, the limit for a hand record (MEIZHOU_MAX_RECORD_BYTES or --max-record-bytes) | 檔案有 {size}，大於 {limit}，超過單局紀錄的上限（MEIZHOU_MAX_RECORD_BYTES 或 --max-record-bytes）
line {line} | 第 {line} 行
line {line}, column {column} | 第 {line} 行第 {column} 欄
a list or mapping of more than {limit} entries; no hand record or session has one (only a session's hands may be many) | 列表或對照表超過 {limit} 項；任何單局紀錄或一場都不會這樣（只有一場的 hands 可以很多）
nested more than {limit} deep; no hand record or session is | 巢狀超過 {limit} 層；任何單局紀錄或一場都不會這樣
YAML error: {problem} | YAML 語法錯誤：{problem}
 (a tab in the indentation? YAML indents with spaces only) | （縮排裡有 Tab？YAML 只能用空格縮排）
the YAML is nested too deeply | YAML 巢狀太深
a YAML alias refers to the node that contains it | YAML 別名（alias）指向包含它自己的節點
YAML aliases expand {distinct:,} nodes to {expanded:,}; refused (a billion-laughs file?) | YAML 別名把 {distinct:,} 個節點展開成 {expanded:,} 個；拒收（billion-laughs 攻擊？）
a number out of any mahjong figure's range ({start}…) | 數字超出任何麻將數目的範圍（{start}…）
a number of {length:,} characters, out of any mahjong figure's range | 長 {length:,} 個字元的數字，超出任何麻將數目的範圍
the key {key!r} appears twice | 鍵 {key!r} 出現了兩次
expected one tile, got {count} in {text!r} | 應為一張牌；{text!r} 卻有 {count} 張
expected tiles as text, got {kind} | 牌應以文字寫出；卻是 {kind}
unexpected {char!r} at column {column} in {text!r}: no number before the suit | {text!r} 第 {column} 欄的 {char!r} 不對：花色前沒有數字
no such tile '{digit}{suit}' in {text!r} | {text!r} 中沒有「{digit}{suit}」這種牌
unexpected {char!r} at column {column} in {text!r} | {text!r} 第 {column} 欄的 {char!r} 不對
unexpected {char!r} at column {column} in {text!r}: a number with no suit after it | {text!r} 第 {column} 欄的 {char!r} 不對：數字後面沒有花色
{error}; {notation} | {error}；{notation}
a tile is a number and a suit: 1m–9m (萬), 1p–9p (筒), 1s–9s (條), 1z–7z (字: 東南西北白發中) | 牌寫成數字加花色：1m–9m（萬）、1p–9p（筒）、1s–9s（條）、1z–7z（字：東南西北白發中）
{unknown}{hint}; expected one of {allowed} | {unknown}{hint}；應為以下之一：{allowed}
unknown pattern id | 不認識的牌型代號
unknown kong type | 不認識的槓的種類
{what} is {size} identical tiles; got {text!r} | {what}是 {size} 張相同的牌；卻是 {text!r}
a pung | 碰
a kong | 明槓
a concealed kong | 暗槓
{count} copies of {tile}; there are only four of each tile | {tile} 有 {count} 張；每種牌只有四張
expected 13 or 14 tiles counting each pung and kong as 3; got {size} | 應為 13 或 14 張牌，每副碰、槓算 3 張；卻是 {size} 張
type a name: {choices} | 請輸入名字：{choices}
{name} cannot be chosen here | 這裡不能選 {name}
{typed!r} could be {choices}: type more of the name | {typed!r} 可能是 {choices}：請多打幾個字
{typed!r} cannot be chosen here | 這裡不能選 {typed!r}
{typed!r} is not at the table ({choices}) | {typed!r} 不在這桌（{choices}）
expected four names separated by commas, in seat order East, South, West, North; got {text!r} | 應為以逗號分隔的四個名字，依東、南、西、北座次；卻是 {text!r}
the four names must differ; got {text!r} | 四個名字必須不同；卻是 {text!r}
expected the stake as a positive number, like 10 or 0.5; got {text!r} | 底分應為正數，例如 10 或 0.5；卻是 {text!r}
{tile} is not among the concealed tiles | {tile} 不在手牌之中
a pung is three identical tiles, like 777z (there is no chow, 吃); got {text!r} | 碰是三張相同的牌，例如 777z（不能吃）；卻是 {text!r}
expected PLAYER:TYPE:TILE or PLAYER:exposed:TILE:FROM, like 'Mei:added:9m'; got {text!r} | 應為 玩家:種類:牌 或 玩家:exposed:牌:打出者，例如 「Mei:added:9m」；卻是 {text!r}
an exposed kong names its discarder: {owner}:exposed:{tile}:FROM; got {text!r} | 直槓要寫出打出者：{owner}:exposed:{tile}:打出者；卻是 {text!r}
only an exposed kong names a discarder; this kong is {kind}: {text!r} | 只有直槓寫打出者；這副槓是 {kind}：{text!r}
expected NAME=AMOUNT, like 'Mei=60' or 'Jun=-20'; got {text!r} | 應為 名字=金額，例如 「Mei=60」 或 「Jun=-20」；卻是 {text!r}
expected an amount after '=', like 'Mei=60'; got {text!r} | 「=」 後面應為金額，例如 「Mei=60」；卻是 {text!r}
the file is larger than the limit for a session (MEIZHOU_MAX_SESSION_BYTES) | 檔案超過一場的上限（MEIZHOU_MAX_SESSION_BYTES）
hands: is not the last key of the file, so a hand appended at the end would not belong to it; move hands: to the end | hands: 不是檔案的最後一個鍵，附加在檔尾的一局不會屬於它；請把 hands: 移到最後
hands: is not the last key of the file; move hands: to the end | hands: 不是檔案的最後一個鍵；請把 hands: 移到最後
the file could not be changed safely ({why}); nothing was written | 無法安全地修改檔案（{why}）；沒有寫入任何東西
the file could not be changed safely (its layout is unusual); nothing was written | 無法安全地修改檔案（版面不尋常）；沒有寫入任何東西
{path}: {message} | {path}：{message}
no night {night} in the ledger (see: meizhou-score ledger nights) | 帳本中沒有第 {night} 場（見：meizhou-score ledger nights）
no player {name!r} in the ledger | 帳本中沒有玩家 {name!r}
{name!r} is already another player in the ledger | {name!r} 已經是帳本中的另一名玩家
no player {name!r} in the ledger for that range | 帳本在那段期間沒有玩家 {name!r}
expected a house-rules file; got an empty name | 應為規則檔；卻是空的檔名
--jsonl reads one file of lines | --jsonl 只讀一個逐行的檔案
--jobs is for bulk mode (--jsonl) | --jobs 只用於批次模式（--jsonl）
{flag} does nothing with --jsonl (bulk mode writes JSON lines); leave it out | {flag} 對 --jsonl 無效（批次模式輸出 JSON 行）；請拿掉
{settled:,} settled, {disputed:,} disputed, {refused:,} refused | 結算 {settled:,} 局，爭議 {disputed:,} 局，拒收 {refused:,} 局
, {failed:,} failed (a bug) | ，失敗 {failed:,} 局（程式錯誤）
--explain: expected a ruling R1 to R11; got {found!r} | --explain：應為 R1 到 R11 的裁定；卻是 {found!r}
--seats SUM takes --players and no dice | --seats 點數 要配 --players，不寫骰子點數
expected two dice sums, DEALER_DICE BREAKER_DICE (or --seats SUM) | 應為兩個骰子點數：先寫莊家點數，再寫開牌點數（或用 --seats 點數）
--players and --dealer go together | --players 和 --dealer 要一起寫
the output could not be written: {why} | 無法寫出結果：{why}
the output could not be written: standard output is closed | 無法寫出結果：標準輸出已關閉
Stopped. | 已停止。
internal error ({kind}: {detail}). This is a bug; please report it with the input and the output of the same command run with MEIZHOU_DEBUG=1. | 內部錯誤（{kind}：{detail}）。這是程式的錯誤；請附上輸入，以及同一指令加上 MEIZHOU_DEBUG=1 執行的輸出，回報給我們。
{name}: expected a whole number of bytes from 1 to {limit:,}; got {text!r} | {name}：應為 1 到 {limit:,} 的位元組數；卻是 {text!r}
meizhou-score: error: {message} | meizhou-score：錯誤：{message}
no such command {name!r} | 沒有這個指令 {name!r}
no such option: {option}{hint} | 沒有這個選項：{option}{hint}
missing {what} {name!r} | 缺少{what}{name!r}
argument | 參數
option | 選項
invalid value for {name!r}: {problem} | {name!r} 的值不對：{problem}
{value!r} is not one of {options} | {value!r} 不是以下之一：{options}
{value} is not in the range {low} to {high} | {value} 不在 {low} 到 {high} 之間
{value!r} is not a whole number | {value!r} 不是整數
{option} needs a value | {option} 後面要有值
got unexpected extra arguments ({extra}) | 多了不該有的參數（{extra}）
Error: {message} | 錯誤：{message}
Try '{command} --help' for help. | 用「{command} --help」看說明。
missing {flag} (or run record in a terminal to be asked) | 缺少 {flag}（或在終端機執行 record，逐項詢問）
--draw takes no --winner, win type, --robbed-kong, --hand or --winning-tile | --draw 不可寫 --winner、胡牌方式、--robbed-kong、--hand 或 --winning-tile
give one win type: --self-draw, --kong-bloom or --robbed-kong NAME | 請給一種胡牌方式：--self-draw、--kong-bloom 或 --robbed-kong 名字
give SESSION.yaml or -o FILE, not both | 場檔.yaml 和 -o 檔案 只能擇一
missing SESSION.yaml (or -o FILE for a single hand record) | 缺少場檔.yaml（或用 -o 檔案 寫出單局紀錄）
the input ended before the hand was complete; nothing was written | 這一局還沒輸入完，輸入就結束了；沒有寫入任何東西
Stopped; nothing was written. | 已停止；沒有寫入任何東西。
the file exists; record -o writes a new file only | 檔案已存在；record -o 只寫新檔案
cannot write the file: {why} | 無法寫入檔案：{why}
{message}; nothing was written | {message}；沒有寫入任何東西
no such session file; there is no hand to amend | 沒有這個檔案；沒有可以修改的局
the session's rules are fixed in the file; --rules is only for a new file | 這一場的規則已寫在檔案中；--rules 只用於新檔案
the session is played by {players}; start a new file for another table | 這一場的玩家是 {players}；換桌請另開新檔
the file changed while this hand was entered; nothing was written | 輸入這一局時檔案被改了；沒有寫入任何東西
the file changed while this hand was entered, and {why} | 輸入這一局時檔案被改了，而且{why}
cannot write the file: {why}; nothing was written | 無法寫入檔案：{why}；沒有寫入任何東西
no such session file | 沒有這個檔案
undo asks before removing a hand; pass --yes when nobody can answer | undo 刪除一局前會先詢問；沒有人能回答時請加 --yes
the file changed meanwhile; nothing was removed | 檔案在這期間被改了；沒有刪除任何東西
cannot write the file: {why}; nothing was removed | 無法寫入檔案：{why}；沒有刪除任何東西
ledger remove asks first; pass --yes when nobody can answer | ledger remove 會先詢問；沒有人能回答時請加 --yes
not recorded: {reasons} (the file holds only hands the table accepted; --allow-dispute records it anyway) | 沒有記下：{reasons}（檔案只記同桌認可的局；加 --allow-dispute 則照記）
the claimed balances differ from the settlement: {claims} | 申報的輸贏與結算不符：{claims}
the rotation gives {dealer} as dealer ({rule}) | 依輪莊，莊家是 {dealer}（{rule}）
a kong type | 槓的種類
this hand | 這一局
a win type | 胡牌方式
{message}. Enter the tiles again. | {message}。請重新輸入牌。
the rotation gives {expected} as the dealer of hand {number} ({rule}); leave --dealer out and record follows it | 依輪莊，第 {number} 局的莊家是 {expected}（{rule}）；拿掉 --dealer，record 就會照輪莊
{name} claimed {claimed}, computed {computed} | {name} 申報 {claimed}，應為 {computed}
{message}. Try again. | {message}。請再輸入一次。
expected {what}: {keys} (or its number); got {text!r} | 應為{what}：{keys}（或其編號）；卻是 {text!r}
{count} copies of {tile} in {text!r}; there are only four of each tile ({rule}) | {text!r} 中 {tile} 有 {count} 張；每種牌只有四張（{rule}）
{size} tiles: the concealed tiles are 14, or 11, 8, 5 or 2 beside pungs and kongs (each counts as 3) | {size} 張：手牌是 14 張，有碰、槓時是 11、8、5 或 2 張（每副算 3 張）
{tiles} is not a winning hand under the rules in force: not a pair and four sets, nor seven pairs, nor thirteen orphans ({rule}) | {tiles} 在現行規則下不是胡牌：既不是一對將加四副面子，也不是七小對或十三幺（{rule}）
the hand holds {tile} {count} times, but a robbed tile is the winner's only copy: the robbed player's pung holds the other three ({rule}) | 手牌有 {count} 張 {tile}，但搶槓的那張牌，胡牌者只有一張：另外三張在被搶者的碰裡（{rule}）
a kong of {tile}, the robbed tile: the robbed kong was never completed, so it is not entered as a kong (robbed kong, 搶槓, already pays for it) | {tile} 是被搶的那張：被搶的槓沒有槓成，不要當成槓輸入（搶槓已經算了它）
{message}; if a kong of {tile} was robbed for the win, the win type is robbed kong (搶槓) and that kong is not entered | {message}；如果是 {tile} 的槓被搶胡，胡牌方式要選搶槓，那副槓不要輸入
that makes {count} copies of {tile} in this hand; there are only four of each tile ({rule}) | 這樣這一局就有 {count} 張 {tile}；每種牌只有四張（{rule}）
a pung is three identical tiles, like 777z (there is no chow, 吃); got {meld} in {text!r} | 碰是三張相同的牌，例如 777z（不能吃）；{text!r} 中卻是 {meld}
the ledger is at schema version {version}, newer than this program knows ({known}); upgrade meizhou-score | 帳本的結構版本是 {version}，比本程式認得的（{known}）新；請升級 meizhou-score
hand {hands} is disputed (not a win, claims or dealer differ); settle it first, or add it anyway with --accept-disputes | 第 {hands} 局有爭議（不是胡牌、申報或莊家不符）；請先解決，或加 --accept-disputes 照樣加入
not a session: a session file has players and a list of hands (this looks like a single hand record; record appends to sessions only) | 不是一場的檔案：一場的檔案有 players 和 hands 列表（這看來是單局紀錄；record 只往一場的檔案附加）
hands: written as [...] on one line; record and undo change only a list written one '- ' item per hand | hands: 寫成一行的 [...]；record 和 undo 只修改每局一項 「- 」 逐行寫的列表
# (PyYAML's own words, shown through foreign(): said in Chinese when known)
mapping values are not allowed in this context | 這裡不能有「鍵: 值」（冒號後少了空格或換行？縮排不對？）
mapping values are not allowed here | 這裡不能有「鍵: 值」（冒號後少了空格或換行？縮排不對？）
found character that cannot start any token | 有一個字元不能出現在這裡
did not find expected ',' or ']' | 找不到應有的「,」或「]」
did not find expected ',' or '}' | 找不到應有的「,」或「}」
found undefined alias | 別名（*name）沒有定義
did not find expected '-' indicator | 找不到應有的「-」（列表項目的縮排不一致？）
found unexpected end of stream | 檔案意外結束（引號沒有關上？）
did not find expected key | 找不到應有的鍵（縮排不一致？）
could not find expected ':' | 找不到應有的「:」
invalid YAML | 不是有效的 YAML
# (the system's words for a file it refuses, shown through reason())
No such file or directory | 沒有這個檔案或資料夾
Permission denied | 沒有權限
Is a directory | 這是資料夾，不是檔案
Too many levels of symbolic links | 符號連結層數過多（連結繞成了圈）
Not a directory | 路徑中有一段不是資料夾
No space left on device | 磁碟空間不足
Read-only file system | 唯讀的檔案系統
File exists | 檔案已經存在
Operation not permitted | 不允許這項操作
File name too long | 檔名太長
Broken pipe | 管線已關閉
what is owed changed while you were asked (another program recorded something); nothing was recorded: run settle-up again | 詢問期間欠款已經改變（另一個程式記下了東西）；沒有記下任何付款：請再執行一次 settle-up
{what}: an amount the reports cannot read ({why}); correct or remove it | {what}：報表讀不了的金額（{why}）；請更正或刪除
payment {number} | 第 {number} 筆付款
night {night}, hand {hand} | 第 {night} 場第 {hand} 局
a note may not hold control characters, direction overrides or broken Unicode (they would rewrite the line it is shown on); got {note!r} | 備註不可含控制字元、方向覆寫字元或損壞的 Unicode（會改寫顯示它的那一行）；卻是 {note!r}
--host {host} lets other machines reach the server; add --lan to let them in with the table's secret link (or leave --host out: this machine only) | --host {host} 會讓其他機器連上伺服器；請加上 --lan，讓他們憑本桌的秘密連結進入（或不寫 --host：只限本機）
the folder {folder} does not exist; make it first, or serve a night in a folder that exists | 資料夾 {folder} 不存在；請先建立，或在已存在的資料夾中開放這一場
this is an input of the command ({source}); writing it would destroy it, so nothing was written | 這是這個指令的輸入檔（{source}）；寫入會毀掉它，所以沒有寫入任何東西
not a file, a pipe or a terminal; nothing was written to it | 不是檔案、管線或終端機；沒有寫入任何東西
{size:,} bytes in all, under one block ({block:,}): settled in this process, without a cluster | 全部共 {size:,} 位元組，不到一個區塊（{block:,}）：在本程序內結算，不啟動叢集
writing here would replace the input {input}; give --out another folder | 寫在這裡會取代輸入 {input}；請給 --out 另一個資料夾
expected tcp://HOST:PORT, HOST:PORT, tls://, ws:// or wss://HOST:PORT, or a scheduler file; got {found}: {why} | 應為 tcp://HOST:PORT、HOST:PORT、tls://、ws:// 或 wss://HOST:PORT，或排程器檔案；卻是 {found}：{why}
a scheduler file is JSON with the scheduler's address | 排程器檔案是寫有排程器位址的 JSON
Dask does not connect by {protocol} | Dask 不以 {protocol} 連線
{host} is not a host name or an IP address | {host} 不是主機名稱或 IP 位址
no port after the host | 主機之後沒有連接埠
the port must be a number from 1 to 65535 | 連接埠必須是 1 到 65535 的數字
invalid value for {name}: {problem} | {name} 的值不對：{problem}
not a regular file (a device, a pipe or a socket): the program keeps its files as regular files only, so nothing was read or written | 不是一般檔案（是裝置、管線或 socket）：本程式只把資料存在一般檔案中，所以沒有讀取或寫入任何東西
an empty path names no file; nothing was written | 空白的路徑不是任何檔案；沒有寫入任何東西
"""

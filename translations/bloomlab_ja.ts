<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja" sourcelanguage="en">
<context>
    <name>bloomlab::ui::BitArrayView</name>
    <message>
        <source>No filter</source>
        <translation>フィルターなし</translation>
    </message>
    <message>
        <source>Each cell is one bit (counter, or fingerprint slot) of the filter.
Wheel: zoom · drag: pan · Home: fit · hover: index and value.</source>
        <translation>各セルはフィルターの 1 ビット（カウンター、またはフィンガープリントのスロット）です。
ホイール: ズーム · ドラッグ: 移動 · Home: 全体表示 · ホバー: インデックスと値</translation>
    </message>
    <message>
        <source>Layer %1 — m = %2 bits, k = %3, p = %4, %5 items</source>
        <translation>レイヤー %1 — m = %2 ビット、k = %3、p = %4、%5 要素</translation>
    </message>
    <message>
        <source>m = %1 bits, k = %2</source>
        <translation>m = %1 ビット、k = %2</translation>
    </message>
    <message>
        <source>%1 blocks of 256 bits (32 × 8 tiles), k = 8</source>
        <translation>256 ビットのブロック %1 個（32 × 8 タイル）、k = 8</translation>
    </message>
    <message>
        <source>%1 four-bit counters in 64-byte lines (16 × 8 tiles), k = %2</source>
        <translation>64 バイト単位のラインに 4 ビットカウンター %1 個（16 × 8 タイル）、k = %2</translation>
    </message>
    <message>
        <source>%1 buckets × 4 slots, %2-bit fingerprints</source>
        <translation>%1 バケット × 4 スロット、%2 ビットのフィンガープリント</translation>
    </message>
    <message>
        <source>%1 — %2 — %3 % full</source>
        <translation>%1 — %2 — 充填率 %3 %</translation>
    </message>
    <message>
        <source>bucket %1</source>
        <translation>バケット %1</translation>
    </message>
    <message>
        <source>b%1</source>
        <translation>b%1</translation>
    </message>
    <message>
        <source>slot %1</source>
        <translation>スロット %1</translation>
    </message>
    <message>
        <source>just written</source>
        <translation>書き込んだばかり</translation>
    </message>
    <message>
        <source>probed, above 0</source>
        <translation>プローブ済み、0 より大</translation>
    </message>
    <message>
        <source>probed, = 1</source>
        <translation>プローブ済み、= 1</translation>
    </message>
    <message>
        <source>turned on now</source>
        <translation>今回 1 になった</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>一致なし</translation>
    </message>
    <message>
        <source>probed, = 0</source>
        <translation>プローブ済み、= 0</translation>
    </message>
    <message>
        <source>decremented</source>
        <translation>デクリメント済み</translation>
    </message>
    <message>
        <source>cleared</source>
        <translation>クリア済み</translation>
    </message>
    <message>
        <source>shared by both words</source>
        <translation>両方の単語で共有</translation>
    </message>
    <message>
        <source>used by both words</source>
        <translation>両方の単語が使用</translation>
    </message>
    <message>
        <source>possible bucket</source>
        <translation>候補のバケット</translation>
    </message>
    <message>
        <source>found / stored</source>
        <translation>発見 / 格納済み</translation>
    </message>
    <message>
        <source>still above 0</source>
        <translation>まだ 0 より大</translation>
    </message>
    <message>
        <source>0</source>
        <translation>0</translation>
    </message>
    <message>
        <source>1</source>
        <translation>1</translation>
    </message>
    <message>
        <source>14</source>
        <translation>14</translation>
    </message>
    <message>
        <source>15 = saturated (sticks)</source>
        <translation>15 = 飽和（固定される）</translation>
    </message>
    <message>
        <source>empty slot</source>
        <translation>空きスロット</translation>
    </message>
    <message>
        <source>fingerprint (hex)</source>
        <translation>フィンガープリント（16 進）</translation>
    </message>
    <message>
        <source>kick, in order</source>
        <translation>キック（順番付き）</translation>
    </message>
    <message>
        <source>layer %1, </source>
        <translation>レイヤー %1、 </translation>
    </message>
    <message>
        <source>%1%2s %3–%4</source>
        <translation>%1%2 %3–%4</translation>
    </message>
    <message>
        <source>%1 (%2 slots per pixel; shade is a sample of 16)</source>
        <translation>%1（1 ピクセルあたり %2 スロット。濃淡は 16 個のサンプルから）</translation>
    </message>
    <message>
        <source>set</source>
        <translation>セット済み</translation>
    </message>
    <message>
        <source>non-zero</source>
        <translation>0 以外</translation>
    </message>
    <message>
        <source>occupied</source>
        <translation>使用中</translation>
    </message>
    <message>
        <source>%1: %2 of %3 %4 (%5 %)</source>
        <translation>%1: %3 個中 %2 個が%4（%5 %）</translation>
    </message>
    <message>
        <source>bit %1 = %2 (block %3, word %4, bit %5)</source>
        <translation>ビット %1 = %2（ブロック %3、ワード %4、ビット %5）</translation>
    </message>
    <message>
        <source>counter %1 = %2%3 (line %4)</source>
        <translation>カウンター %1 = %2%3（ライン %4）</translation>
    </message>
    <message>
        <source>, saturated</source>
        <translation>、飽和</translation>
    </message>
    <message>
        <source>bucket %1, slot %2: fingerprint 0x%3</source>
        <translation>バケット %1、スロット %2: フィンガープリント 0x%3</translation>
    </message>
    <message>
        <source>bucket %1, slot %2: empty</source>
        <translation>バケット %1、スロット %2: 空</translation>
    </message>
    <message>
        <source>%1bit %2 = %3</source>
        <translation>%1ビット %2 = %3</translation>
    </message>
    <message>
        <source>Tier %1 — %2 buckets × 4 slots, %3-bit fingerprints, share of p %4 — %5 of %6 items, %7 % full</source>
        <translation>ティア %1 — %2 バケット × 4 スロット、%3 ビットのフィンガープリント、p の配分 %4 — %6 要素中 %5、充填率 %7 %</translation>
    </message>
    <message>
        <source>%1 buckets × 4 slots, %2-bit fingerprints, local layout</source>
        <translation>%1 バケット × 4 スロット、%2 ビットのフィンガープリント、ローカル配置</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::CalculatorPanel</name>
    <message>
        <source>Give any two (or three) — the rest is solved</source>
        <translation>任意の 2 つ（または 3 つ）を指定すると、残りを求めます</translation>
    </message>
    <message>
        <source>n — items</source>
        <translation>n — 要素数</translation>
    </message>
    <message>
        <source>p — false-positive rate</source>
        <translation>p — 偽陽性率</translation>
    </message>
    <message>
        <source>m — size (bits, or 64KiB, 1MB…)</source>
        <translation>m — サイズ（ビット数、または 64KiB、1MB…）</translation>
    </message>
    <message>
        <source>k — hash functions</source>
        <translation>k — ハッシュ関数の数</translation>
    </message>
    <message>
        <source>Ticked: you give this value. Unticked: it is solved.</source>
        <translation>チェックあり: この値を指定します。チェックなし: この値を求めます。</translation>
    </message>
    <message>
        <source>solved</source>
        <translation>求めた値</translation>
    </message>
    <message>
        <source>&amp;Use n and p in the explorer</source>
        <translation>n と p をエクスプローラーで使う(&amp;U)</translation>
    </message>
    <message>
        <source>Copy the solved n and p to the parameter panel.</source>
        <translation>求めた n と p をパラメータパネルにコピーします。</translation>
    </message>
    <message>
        <source>FPR against items inserted (theory)</source>
        <translation>挿入した要素数に対する FPR（理論値）</translation>
    </message>
    <message>
        <source>theory</source>
        <translation>理論値</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>(n, p)</source>
        <translation>(n, p)</translation>
    </message>
    <message>
        <source>false-positive rate</source>
        <translation>偽陽性率</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>No solution: correct the input marked in red</source>
        <translation>解がありません: 赤で示した入力を修正してください</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;Parquet writers&lt;/b&gt;: parquet.bloom.filter.expected.ndv = %1, parquet.bloom.filter.fpp = %2 → %3 bytes (%4, rounded up to a power of two), FPR %5 with the split-block layout</source>
        <translation>&lt;br&gt;&lt;b&gt;Parquet ライター&lt;/b&gt;: parquet.bloom.filter.expected.ndv = %1、parquet.bloom.filter.fpp = %2 → %3 バイト（%4、2 のべき乗に切り上げ）、スプリットブロック方式での FPR は %5</translation>
    </message>
    <message>
        <source>; parquet-java caps it at parquet.bloom.filter.max.bytes (1 MiB by default: FPR %1)</source>
        <translation>。parquet-java では parquet.bloom.filter.max.bytes（既定値 1 MiB: FPR %1）が上限です</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;fewer probes&lt;/b&gt;: k = %1 meets the same p with %2 bits / item (+%3% memory): %1 instead of %4 cache lines read per lookup</source>
        <translation>&lt;br&gt;&lt;b&gt;プローブを減らす&lt;/b&gt;: k = %1 なら 1 要素あたり %2 ビット（メモリ +%3%）で同じ p を達成できます。1 回のルックアップで読むキャッシュラインは %4 本ではなく %1 本です</translation>
    </message>
    <message>
        <source>&lt;b&gt;n&lt;/b&gt; = %1 items&lt;br&gt;&lt;b&gt;p&lt;/b&gt; = %2&lt;br&gt;&lt;b&gt;m&lt;/b&gt; = %3 bits = %4&lt;br&gt;&lt;b&gt;k&lt;/b&gt; = %5&lt;br&gt;&lt;b&gt;bits / item&lt;/b&gt; = %6 (information-theoretic minimum %7)</source>
        <translation>&lt;b&gt;n&lt;/b&gt; = %1 要素&lt;br&gt;&lt;b&gt;p&lt;/b&gt; = %2&lt;br&gt;&lt;b&gt;m&lt;/b&gt; = %3 ビット = %4&lt;br&gt;&lt;b&gt;k&lt;/b&gt; = %5&lt;br&gt;&lt;b&gt;1 要素あたりのビット数&lt;/b&gt; = %6（情報理論的下限 %7）</translation>
    </message>
    <message>
        <source>FPR = (1 − e^(−k·items/m))^k&lt;br&gt;m = %1 bits, k = %2</source>
        <translation>FPR = (1 − e^(−k·要素数/m))^k&lt;br&gt;m = %1 ビット、k = %2</translation>
    </message>
    <message>
        <source>No solution: see the message on the left</source>
        <translation>解がありません: 左のメッセージを見てください</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::ChartAxes</name>
    <message>
        <source>items inserted</source>
        <translation>挿入した要素数</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::ChartExport</name>
    <message>
        <source>Nothing to export.</source>
        <translation>エクスポートするものがありません。</translation>
    </message>
    <message>
        <source>The view could not be rendered.</source>
        <translation>ビューを描画できませんでした。</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation type="vanished">%1 に書き込めません。</translation>
    </message>
    <message>
        <source>Exported from BloomLab</source>
        <translation>BloomLab からエクスポート</translation>
    </message>
    <message>
        <source>Unknown image type &quot;%1&quot;: use .png or .svg.</source>
        <translation>不明な画像形式「%1」です: .png または .svg を使ってください。</translation>
    </message>
    <message>
        <source>The view could not be encoded as PNG.</source>
        <translation>表示を PNG にエンコードできませんでした。</translation>
    </message>
    <message>
        <source>The view could not be drawn as SVG.</source>
        <translation>表示を SVG として描画できませんでした。</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::CompareView</name>
    <message>
        <source>budget too small for %1 at %2 keys</source>
        <translation>%1 にはメモリ予算が不足しています（キー数 %2）</translation>
    </message>
    <message>
        <source>budget too small for %1: needs at least %2 bytes (%3 bits per key) for %4 keys</source>
        <translation>%1 にはメモリ予算が不足しています: キー %4 個に少なくとも %2 バイト（1 キーあたり %3 ビット）が必要です</translation>
    </message>
    <message>
        <source>Keys inserted into every filter (the same keys for all).</source>
        <translation>すべてのフィルターに挿入するキー（どのフィルターにも同じキー）。</translation>
    </message>
    <message>
        <source>in total</source>
        <translation>合計</translation>
    </message>
    <message>
        <source>bits / key</source>
        <translation>ビット / キー</translation>
    </message>
    <message>
        <source>In total: the budget of each filter in bits or bytes. Bits per key: the budget is this many bits for every key (10 bits per key of 100,000 keys = 1,000,000 bits).</source>
        <translation>合計: 各フィルターのメモリ予算をビットまたはバイトで指定します。1 キーあたりのビット数: キー 1 個ごとにこのビット数を割り当てます（キー 100,000 個に 1 キーあたり 10 ビットなら 1,000,000 ビット）。</translation>
    </message>
    <message>
        <source>Memory budget of every filter: bits (958506, 1e6) or bytes (120KiB, 1MB). Layouts round up to their granularity; the table shows what each really uses.</source>
        <translation>各フィルターのメモリ予算: ビット数（958506、1e6）またはバイト数（120KiB、1MB）。各レイアウトは自身の粒度に切り上げます。実際の使用量は表に示します。</translation>
    </message>
    <message>
        <source>Bits per key of every filter (10, 9.6): the budget is this times the keys. Layouts round up to their granularity; the table shows what each really uses.</source>
        <translation>各フィルターの 1 キーあたりのビット数（10、9.6）: メモリ予算はこの値 × キー数です。各レイアウトは自身の粒度に切り上げます。実際の使用量は表に示します。</translation>
    </message>
    <message>
        <source>Absent keys queried per filter to measure the FPR and the lookup time.</source>
        <translation>FPR とルックアップ時間を測るために、フィルターごとに問い合わせる存在しないキーの数。</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>比較(&amp;C)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>bits per key</source>
        <translation>1 キーあたりのビット数</translation>
    </message>
    <message>
        <source>measured FPR</source>
        <translation>実測 FPR</translation>
    </message>
    <message>
        <source>build time (ms)</source>
        <translation>構築時間 (ms)</translation>
    </message>
    <message>
        <source>lookup time (ns)</source>
        <translation>ルックアップ時間 (ns)</translation>
    </message>
    <message>
        <source>What the bar chart shows.</source>
        <translation>棒グラフに表示する項目。</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>キー数</translation>
    </message>
    <message>
        <source>Memory budget</source>
        <translation>メモリ予算</translation>
    </message>
    <message>
        <source>Absent queries</source>
        <translation>存在しないキーの問い合わせ数</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>グラフ</translation>
    </message>
    <message>
        <source>filter</source>
        <translation>フィルター</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>measured FPR
[95 % CI]</source>
        <translation>実測 FPR
[95 % 信頼区間]</translation>
    </message>
    <message>
        <source>expected
FPR</source>
        <translation>期待
FPR</translation>
    </message>
    <message>
        <source>build
(ms)</source>
        <translation>構築
(ms)</translation>
    </message>
    <message>
        <source>lookup
(ns)</source>
        <translation>ルックアップ
(ns)</translation>
    </message>
    <message>
        <source>failed
inserts</source>
        <translation>挿入
失敗数</translation>
    </message>
    <message>
        <source>Filters at the same memory budget</source>
        <translation>同じメモリ予算でのフィルター比較</translation>
    </message>
    <message>
        <source>%1 bits per key of %2 keys is too large a budget</source>
        <translation>キー %2 個に 1 キーあたり %1 ビットは予算として大きすぎます</translation>
    </message>
    <message>
        <source>%1 bits per key</source>
        <translation>1 キーあたり %1 ビット</translation>
    </message>
    <message>
        <source>%1 bits</source>
        <translation>%1 ビット</translation>
    </message>
    <message>
        <source>keys must be at most %1 here; got %2</source>
        <translation>キー数はここでは %1 以下にしてください（入力値 %2）</translation>
    </message>
    <message>
        <source>absent queries must be at most %1 here; got %2</source>
        <translation>存在しないキーの問い合わせ数はここでは %1 以下にしてください（入力値 %2）</translation>
    </message>
    <message>
        <source>the memory budget must be at most 2 GiB here; got %1</source>
        <translation>メモリ予算はここでは 2 GiB 以下にしてください（入力値 %1）</translation>
    </message>
    <message>
        <source>not valid: %1 of %2 inserts failed (full)</source>
        <translation>無効: 挿入 %2 回のうち %1 回が失敗（満杯）</translation>
    </message>
    <message>
        <source>%1 [%2 – %3]</source>
        <translation>%1 [%2 – %3]</translation>
    </message>
    <message>
        <source>Not built (the budget is too small; the table says how much each needs): %1.</source>
        <translation>構築していません（メモリ予算が不足。必要量は表を参照）: %1。</translation>
    </message>
    <message>
        <source>No FPR for %1: inserts failed (the filter is full).</source>
        <translation>%1 の FPR はありません: 挿入に失敗しました（フィルターが満杯）。</translation>
    </message>
    <message>
        <source>Comparison cancelled.</source>
        <translation>比較をキャンセルしました。</translation>
    </message>
    <message>
        <source>Comparison done.</source>
        <translation>比較が完了しました。</translation>
    </message>
    <message>
        <source>(run the comparison)</source>
        <translation>（比較を実行してください）</translation>
    </message>
    <message>
        <source>(no filter to show: see the table)</source>
        <translation>（表示できるフィルターがありません: 表を参照）</translation>
    </message>
    <message>
        <source>%1 — every filter at the same memory budget (%2), same %3 keys</source>
        <translation>%1 — すべてのフィルターを同じメモリ予算（%2）、同じキー %3 個で比較</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::DerivedSizing</name>
    <message>
        <source>m = −n·ln p / (ln 2)², k = round((m/n)·ln 2)</source>
        <translation>m = −n·ln p / (ln 2)², k = round((m/n)·ln 2)</translation>
    </message>
    <message>
        <source>%1 blocks of 256 bits; one bit per 32-bit word</source>
        <translation>256 ビットのブロック %1 個。32 ビットワードごとに 1 ビット</translation>
    </message>
    <message>
        <source>%1 lines of 128 four-bit counters (4× the memory of bits)</source>
        <translation>4 ビットカウンター 128 個のライン %1 本（ビットの 4 倍のメモリ）</translation>
    </message>
    <message>
        <source>first layer at p0 = p·(1 − r) = %1; layers grow ×%2</source>
        <translation>最初のレイヤーは p0 = p·(1 − r) = %1。レイヤーごとに ×%2 で拡大</translation>
    </message>
    <message>
        <source>%1 buckets × 4 slots of %2-bit fingerprints</source>
        <translation>%1 バケット × 4 スロット、%2 ビットのフィンガープリント</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::FalsePositivePanel</name>
    <message>
        <source>Keys inserted</source>
        <translation>挿入したキー</translation>
    </message>
    <message>
        <source>Items in the filter (successful inserts).</source>
        <translation>フィルター内の要素数（挿入に成功したもの）。</translation>
    </message>
    <message>
        <source>Absent keys tested</source>
        <translation>テストした存在しないキー</translation>
    </message>
    <message>
        <source>Generated keys that were never inserted, queried since the filter last changed.</source>
        <translation>一度も挿入していない生成キーで、フィルターが最後に変更されてから問い合わせたもの。</translation>
    </message>
    <message>
        <source>False positives</source>
        <translation>偽陽性</translation>
    </message>
    <message>
        <source>Absent keys the filter answered &quot;maybe&quot; for.</source>
        <translation>フィルターが「存在する可能性あり」と答えた存在しないキー。</translation>
    </message>
    <message>
        <source>Observed FPR</source>
        <translation>実測 FPR</translation>
    </message>
    <message>
        <source>
In brackets: 95 % Wilson confidence interval.</source>
        <translation>
括弧内: 95 % Wilson 信頼区間。</translation>
    </message>
    <message>
        <source>Your queries</source>
        <translation>手動の問い合わせ</translation>
    </message>
    <message>
        <source>Keys you queried in the key field that were never inserted, and how many of them the filter answered &quot;maybe&quot; for: known false positives. Counted apart from the generated keys above.</source>
        <translation>キー欄で問い合わせたキーのうち一度も挿入していないものの数と、そのうちフィルターが「存在する可能性あり」と答えた数（判明した偽陽性）。上の生成キーとは別に数えます。</translation>
    </message>
    <message>
        <source>Expected FPR now</source>
        <translation>現在の期待 FPR</translation>
    </message>
    <message>
        <source>
Estimated by the filter from its current fill.</source>
        <translation>
フィルターが現在の充填状態から推定した値。</translation>
    </message>
    <message>
        <source>Theory at this fill</source>
        <translation>この充填での理論値</translation>
    </message>
    <message>
        <source>
The formula for this layout at the current number of items.</source>
        <translation>
現在の要素数でのこのレイアウトの計算式による値。</translation>
    </message>
    <message>
        <source>Fill ratio</source>
        <translation>充填率</translation>
    </message>
    <message>
        <source>Estimated items</source>
        <translation>推定要素数</translation>
    </message>
    <message>
        <source>How many new absent keys one test queries.</source>
        <translation>1 回のテストで問い合わせる新しい存在しないキーの数。</translation>
    </message>
    <message>
        <source>&amp;Test absent keys</source>
        <translation>存在しないキーをテスト(&amp;T)</translation>
    </message>
    <message>
        <source>Query that many keys that were never inserted and count the &quot;maybe&quot; answers (Ctrl+T).</source>
        <translation>一度も挿入していないキーをその数だけ問い合わせ、「存在する可能性あり」の回答を数えます (Ctrl+T)。</translation>
    </message>
    <message>
        <source>&amp;Fill to 2n and measure</source>
        <translation>2n まで挿入して測定(&amp;F)</translation>
    </message>
    <message>
        <source>Insert generated keys up to twice the capacity, measuring the FPR at 16 steps on a worker thread: watch it climb past n.</source>
        <translation>生成したキーを容量の 2 倍まで挿入し、ワーカースレッドで 16 段階に FPR を測定します: n を超えると FPR が上がっていく様子を確認できます。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>FPR against items inserted</source>
        <translation>挿入した要素数に対する FPR</translation>
    </message>
    <message>
        <source>theory</source>
        <translation>理論値</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>実測値</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>FPR</source>
        <translation>FPR</translation>
    </message>
    <message>
        <source>%1 items: %2 of %3 absent keys were false positives
FPR %4 (95 % CI %5 – %6)</source>
        <translation>%1 要素: 存在しないキー %3 個のうち %2 個が偽陽性
FPR %4（95 % 信頼区間 %5 – %6）</translation>
    </message>
    <message>
        <source>%1 (%2 %)</source>
        <translation>%1 (%2 %)</translation>
    </message>
    <message>
        <source>FPR against items inserted&lt;br&gt;(%1, n = %2, p = %3)</source>
        <translation>挿入した要素数に対する FPR&lt;br&gt;(%1、n = %2、p = %3)</translation>
    </message>
    <message>
        <source>The new parameters were not built (see Derived). Still showing the previous filter (%1, n = %2, p = %3).</source>
        <translation>新しいパラメータではフィルターを構築できませんでした（「算出値」を参照）。以前のフィルターを表示しています（%1、n = %2、p = %3）。</translation>
    </message>
    <message>
        <source>%1  [%2 – %3]</source>
        <translation>%1  [%2 – %3]</translation>
    </message>
    <message>
        <source>– (test some absent keys)</source>
        <translation>–（存在しないキーをテストしてください）</translation>
    </message>
    <message>
        <source>%1 (filling…)</source>
        <translation>%1（挿入中…）</translation>
    </message>
    <message>
        <source>A background job is using the filter…</source>
        <translation>バックグラウンド処理がフィルターを使用中です…</translation>
    </message>
    <message>
        <source>  (over capacity!)</source>
        <translation>  （容量超過！）</translation>
    </message>
    <message>
        <source>%1 at %2 items</source>
        <translation>%2 要素で %1</translation>
    </message>
    <message>
        <source>∞ (every bit set)</source>
        <translation>∞（全ビットがセット済み）</translation>
    </message>
    <message>
        <source>The inserted keys are not all known (loaded file or very many keys): absent keys are generated with the prefix &quot;%1&quot; and assumed absent.</source>
        <translation>挿入したキーがすべては分かりません（読み込んだファイル、または非常に多くのキー）: 存在しないキーは接頭辞「%1」で生成し、存在しないものとみなします。</translation>
    </message>
    <message>
        <source>Absent keys are generated (&quot;%1…&quot;) and checked against every inserted key, so a &quot;maybe&quot; for them is a real false positive.</source>
        <translation>存在しないキーは生成され（「%1…」）、挿入したすべてのキーと照合されます。そのため、これらに対する「存在する可能性あり」は本当の偽陽性です。</translation>
    </message>
    <message>
        <source>– (query a key that was not inserted)</source>
        <translation>–（挿入していないキーを問い合わせてください）</translation>
    </message>
    <message>
        <source>– (the inserted keys are not known)</source>
        <translation>–（挿入したキーが不明です）</translation>
    </message>
    <message>
        <source>1 false positive</source>
        <translation>偽陽性 1 件</translation>
    </message>
    <message>
        <source>%1 false positives</source>
        <translation>偽陽性 %1 件</translation>
    </message>
    <message>
        <source>1 absent query</source>
        <translation>存在しないキーの問い合わせ 1 件</translation>
    </message>
    <message>
        <source>%1 absent queries</source>
        <translation>存在しないキーの問い合わせ %1 件</translation>
    </message>
    <message>
        <source>manual: %1 of %2</source>
        <translation>手動: %2 件中 %1 件</translation>
    </message>
    <message>
        <source>- keys inserted: %1
- absent keys tested: %2
- false positives: %3
- observed FPR [95 % CI]: %4
- expected FPR now (from the fill): %5
- theory: %6
- fill ratio: %7
- estimated items: %8
- your queries: %9</source>
        <translation>- 挿入したキー: %1
- テストした存在しないキー: %2
- 偽陽性: %3
- 実測 FPR [95 % 信頼区間]: %4
- 現在の期待 FPR（充填率から）: %5
- 理論値: %6
- 充填率: %7
- 推定要素数: %8
- 手動の問い合わせ: %9</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::FilterProbe</name>
    <message>
        <source>Classic Bloom</source>
        <translation>クラシックブルーム</translation>
    </message>
    <message>
        <source>Blocked Bloom (Parquet SBBF)</source>
        <translation>ブロック化ブルーム（Parquet SBBF）</translation>
    </message>
    <message>
        <source>Counting Bloom</source>
        <translation>カウンティングブルーム</translation>
    </message>
    <message>
        <source>Scalable Bloom</source>
        <translation>スケーラブルブルーム</translation>
    </message>
    <message>
        <source>Cuckoo</source>
        <translation>カッコウ</translation>
    </message>
    <message>
        <source>bit</source>
        <translation>ビット</translation>
    </message>
    <message>
        <source>counter</source>
        <translation>カウンター</translation>
    </message>
    <message>
        <source>slot</source>
        <translation>スロット</translation>
    </message>
    <message>
        <source>Choose a text file with one key per line.</source>
        <translation>1 行に 1 つのキーを書いたテキストファイルを選んでください。</translation>
    </message>
    <message>
        <source>“%1” is a symbolic link to nothing (its target does not exist). %2</source>
        <translation>「%1」はリンク先のないシンボリックリンクです（リンク先が存在しません）。%2</translation>
    </message>
    <message>
        <source>“%1” does not exist. %2</source>
        <translation>「%1」は存在しません。%2</translation>
    </message>
    <message>
        <source>a folder</source>
        <translation>フォルダー</translation>
    </message>
    <message>
        <source>a device</source>
        <translation>デバイス</translation>
    </message>
    <message>
        <source>a named pipe (FIFO)</source>
        <translation>名前付きパイプ (FIFO)</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>ソケット</translation>
    </message>
    <message>
        <source>“%1” is %2, not a regular file. %3</source>
        <translation>「%1」は%2で、通常のファイルではありません。%3</translation>
    </message>
    <message>
        <source>You have no permission to read “%1”. %2</source>
        <translation>「%1」を読む権限がありません。%2</translation>
    </message>
    <message>
        <source>“%1” is not a regular file. %2</source>
        <translation>「%1」は通常のファイルではありません。%2</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::FilterSession</name>
    <message>
        <source>this filter needs %1; the explorer allocates at most %2. The Calculator tab sizes filters of any size.</source>
        <translation>このフィルターには %1 が必要ですが、エクスプローラーが確保できるのは最大 %2 です。計算機タブなら任意のサイズのフィルターを設計できます。</translation>
    </message>
    <message>
        <source>Not enough memory for this filter.</source>
        <translation>このフィルターに必要なメモリが足りません。</translation>
    </message>
    <message>
        <source>Inserting keys from %1</source>
        <translation>%1 からキーを挿入中</translation>
    </message>
    <message>
        <source>Inserted %1 keys</source>
        <translation>%1 個のキーを挿入しました</translation>
    </message>
    <message>
        <source>Inserted %1 keys from %2</source>
        <translation>%2 から %1 個のキーを挿入しました</translation>
    </message>
    <message>
        <source> (%1 refused: the filter is full)</source>
        <translation> （%1 個は拒否: フィルターが満杯）</translation>
    </message>
    <message>
        <source> — cancelled</source>
        <translation> — キャンセルしました</translation>
    </message>
    <message>
        <source>Error after %1 keys: %2</source>
        <translation>%1 個のキーの後でエラー: %2</translation>
    </message>
    <message>
        <source>Filling to %1 items</source>
        <translation>%1 要素まで挿入中</translation>
    </message>
    <message>
        <source>%1 items</source>
        <translation>%1 要素</translation>
    </message>
    <message>
        <source>Filled to %1 items</source>
        <translation>%1 要素まで挿入しました</translation>
    </message>
    <message>
        <source> — the filter refused an insert (full)</source>
        <translation> — フィルターが挿入を拒否しました（満杯）</translation>
    </message>
    <message>
        <source>a background job is still running; cancel it first</source>
        <translation>バックグラウンド処理がまだ実行中です。先にキャンセルしてください</translation>
    </message>
    <message>
        <source>Tier %1 added after %2 items: tier %3 was full, so a new table for %4 more items with %5-bit fingerprints takes the next keys (its share of p: %6). Lookups now ask %7 tables; the compounded FPR bound is %8, below p = %9.</source>
        <translation>%2 要素の時点でティア %1 を追加しました: ティア %3 が満杯になったので、さらに %4 要素を格納できる新しいテーブル（%5 ビットのフィンガープリント）が次のキーを受け取ります（p の配分: %6）。今後のルックアップは %7 個のテーブルを調べます。全体の FPR の上限は %8 で、p = %9 を下回ります。</translation>
    </message>
    <message>
        <source>the %1 threshold was reached (fill %2, estimated FPR %3, %4 failed inserts)</source>
        <translation>%1 のしきい値に達しました（充填率 %2、推定 FPR %3、挿入の失敗 %4 回）</translation>
    </message>
    <message>
        <source>At %1 items %2, but the explorer does not know every key of this filter (a loaded file, or more keys than it remembers), so it cannot rebuild it: a rebuild needs every key.</source>
        <translation>%1 要素の時点で %2。しかし、エクスプローラーはこのフィルターのキーをすべては把握していない（読み込んだファイル、または記憶できる数を超えるキー）ため、再構築できません: 再構築にはすべてのキーが必要です。</translation>
    </message>
    <message>
        <source>the larger filter would need more than the explorer allocates</source>
        <translation>大きくしたフィルターには、エクスプローラーが確保できる以上のメモリが必要です</translation>
    </message>
    <message>
        <source>At %1 items %2, but the filter cannot be rebuilt larger: %3</source>
        <translation>%1 要素の時点で %2。しかし、フィルターを大きくして再構築することはできません: %3</translation>
    </message>
    <message>
        <source>Rebuild %1 at %2 items: %3. A filter for %4 items was built from the %5 keys the explorer knows (%6 → %7); the estimated FPR drops from %8 to %9.</source>
        <translation>再構築 %1（%2 要素の時点）: %3。エクスプローラーが把握している %5 個のキーから、%4 要素用のフィルターを作りました（%6 → %7）。推定 FPR は %8 から %9 に下がります。</translation>
    </message>
    <message numerus="yes">
        <source> — %n growth step(s); see the parameter panel</source>
        <translation>
            <numerusform> — 拡大 %n 回。パラメータパネルを参照してください</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::Glossary</name>
    <message>
        <source>n — expected number of items (capacity).
The filter is sized so that after n inserts the false-positive rate is p. Inserting more still works, but the FPR climbs fast.</source>
        <translation>n — 予想される要素数（容量）。
フィルターは、n 個挿入した時点で偽陽性率が p になるようにサイズが決められます。それ以上挿入することもできますが、FPR は急速に上がります。</translation>
    </message>
    <message>
        <source>p — target false-positive probability at n items.
A query for a key that was never inserted answers &quot;maybe&quot; with probability about p. Each factor of 10 smaller costs about 4.8 more bits per item.</source>
        <translation>p — n 要素の時点での目標偽陽性確率。
一度も挿入していないキーを問い合わせると、約 p の確率で「存在する可能性あり」と答えます。p を 1/10 にするごとに、1 要素あたり約 4.8 ビット多く必要になります。</translation>
    </message>
    <message>
        <source>m — size of the filter in bits.
Classic Bloom: m = −n·ln p / (ln 2)², about 9.6 bits per item at p = 1 %.</source>
        <translation>m — フィルターのサイズ（ビット数）。
クラシックブルーム: m = −n·ln p / (ln 2)²。p = 1 % で 1 要素あたり約 9.6 ビット。</translation>
    </message>
    <message>
        <source>k — number of hash positions per key.
Optimal k = (m/n)·ln 2, rounded to the nearest whole number. Every insert sets k bits; every query checks k bits.</source>
        <translation>k — 1 つのキーあたりのハッシュ位置の数。
最適な k = (m/n)·ln 2 を最も近い整数に丸めたもの。挿入のたびに k 個のビットをセットし、問い合わせのたびに k 個のビットを調べます。</translation>
    </message>
    <message>
        <source>FPR — false-positive rate: the share of absent keys the filter wrongly answers &quot;maybe&quot; for.
Expected after n items: (1 − e^(−k·n/m))^k. A filter never gives a false &quot;no&quot;: &quot;definitely not&quot; is always right.</source>
        <translation>FPR — 偽陽性率: 存在しないキーに対して、フィルターが誤って「存在する可能性あり」と答える割合。
n 要素後の期待値: (1 − e^(−k·n/m))^k。フィルターが誤って「存在しない」と答えることはありません: 「確実に存在しない」は常に正しい答えです。</translation>
    </message>
    <message>
        <source>Bits per item = m / n: the memory the filter spends per key. No filter can do with fewer than log2(1/p) bits per key (6.6 at p = 1 %); a classic Bloom filter needs about 1.44 times that.</source>
        <translation>1 要素あたりのビット数 = m / n: フィルターがキー 1 個に使うメモリ。どんなフィルターも 1 キーあたり log2(1/p) ビット（p = 1 % で 6.6）未満にはできません。クラシックブルームフィルターにはその約 1.44 倍が必要です。</translation>
    </message>
    <message>
        <source>Fill ratio — share of bits that are 1 (counters that are non-zero, slots that are occupied). A well-sized Bloom filter is about half full at n items.</source>
        <translation>充填率 — 1 になっているビットの割合（カウンターなら 0 以外のもの、スロットなら使用中のもの）。適切にサイズを決めたブルームフィルターは、n 要素の時点でほぼ半分が埋まります。</translation>
    </message>
    <message>
        <source>Estimated items — how many keys the filter holds, worked out from how many of its bits are 1: −(m/k)·ln(1 − X/m), where X is the number of bits that are 1. Useful when the real count is unknown, e.g. for a filter loaded from a file.</source>
        <translation>推定要素数 — 1 になっているビットの数から求めた、フィルターが保持しているキーの数: −(m/k)·ln(1 − X/m)（X は 1 のビット数）。ファイルから読み込んだフィルターなど、実際の個数が分からないときに役立ちます。</translation>
    </message>
    <message>
        <source>Hot ratio — in the benchmark, the share of queries for keys that really are in the data (&quot;hot&quot;).
The other queries (&quot;cold&quot;) ask for keys that are not there: the filter says &quot;definitely not&quot; for almost all of them, so the slow lookup in the data is skipped. The lower the hot ratio, the larger the speedup.</source>
        <translation>ホット率 — ベンチマークで、データに実際に存在するキー（「ホット」）を問い合わせる割合。
残りの問い合わせ（「コールド」）は存在しないキーを尋ねます。フィルターはそのほぼすべてに「確実に存在しない」と答えるので、データへの遅いルックアップを省略できます。ホット率が低いほど、高速化率は大きくなります。</translation>
    </message>
    <message>
        <source>Backend — the slow store the filter sits in front of in the benchmark: scan (reads all 100,000 phrases one by one, the slowest), hash (a hash-table lookup), sqlite (a query on an indexed database table), latency (a fixed wait per lookup, like asking a server over the network).</source>
        <translation>バックエンド — ベンチマークでフィルターを前に置く遅いストア: スキャン（100,000 個のフレーズを 1 つずつすべて読む。最も遅い）、ハッシュテーブル（ハッシュテーブルを 1 回引く）、SQLite（インデックス付きデータベーステーブルへのクエリ）、一定のレイテンシ（ネットワーク越しにサーバーに尋ねるような、ルックアップごとの一定の待ち時間）。</translation>
    </message>
    <message>
        <source>Filter type:
• classic — one array of bits, k bits per key
• blocked — all 8 bits of a key in one 256-bit block, so a lookup touches memory once (the layout Parquet files use); a slightly higher FPR
• counting — a 4-bit counter instead of each bit: it can delete, and needs 4 times the memory of a classic filter with as many cells
• scalable — adds a larger filter each time the last one is full, so the overall FPR stays within p
• cuckoo — keeps a short fingerprint of each key in one of two buckets; it can delete, and it is smaller than a Bloom filter when p is low</source>
        <translation>フィルターの種類:
• クラシック — 1 つのビット配列。1 キーあたり k ビット
• ブロック化 — キーの 8 ビットすべてを 1 つの 256 ビットブロックに収めるので、ルックアップでのメモリアクセスは 1 回（Parquet ファイルが使うレイアウト）。FPR はわずかに高くなる
• カウンティング — 各ビットの代わりに 4 ビットカウンターを使う。削除ができ、同じセル数のクラシックフィルターの 4 倍のメモリが必要
• スケーラブル — 最後のフィルターが満杯になるたびに、より大きなフィルターを追加するので、全体の FPR は p 以内に収まる
• カッコウ — 各キーの短いフィンガープリントを 2 つのバケットのどちらかに保持する。削除ができ、p が低いときはブルームフィルターより小さい</translation>
    </message>
    <message>
        <source>Glossary</source>
        <translation>用語集</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::KeyEdit</name>
    <message numerus="yes">
        <source>%n leading space(s)</source>
        <translation>
            <numerusform>先頭の空白 %n 個</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n trailing space(s)</source>
        <translation>
            <numerusform>末尾の空白 %n 個</numerusform>
        </translation>
    </message>
    <message>
        <source> and </source>
        <translation> と </translation>
    </message>
    <message>
        <source>The key has %1: they are part of the key (&quot;%2&quot; and &quot;%3&quot; are different keys).</source>
        <translation>このキーには%1があります: これもキーの一部です（「%2」と「%3」は別のキーです）。</translation>
    </message>
    <message>
        <source>%1 ignored here: the word is &quot;%2&quot;.</source>
        <translation>%1はここでは無視されます: 単語は「%2」です。</translation>
    </message>
    <message>
        <source>(%1)</source>
        <translation>(%1)</translation>
    </message>
    <message>
        <source>The key %1 has %2 (shown as · for a space, → for a tab): they are part of the key, so it is not the same key as “%3”.</source>
        <translation>キー %1 には%2があります（空白は ·、タブは → で表示）: これもキーの一部なので、「%3」とは別のキーです。</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::LanguageMenu</name>
    <message>
        <source>BloomLab will be in %1 from its next start.</source>
        <translation>次回の起動から BloomLab は%1で表示されます。</translation>
    </message>
    <message>
        <source>Restart Now</source>
        <translation>今すぐ再起動</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>後で</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>言語(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;System (%1)</source>
        <translation>システム (%1)(&amp;S)</translation>
    </message>
    <message>
        <source>Takes effect when BloomLab starts again</source>
        <translation>BloomLab の次回起動時に反映されます</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::LogSliderField</name>
    <message>
        <source>%1 must be between %2 and %3 here; got %4</source>
        <translation>%1 はここでは %2 から %3 の範囲で指定してください（入力値 %4）</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::MainWindow</name>
    <message>
        <source>Parameters</source>
        <translation>パラメータ</translation>
    </message>
    <message>
        <source>key to insert or query, e.g. https://example.com</source>
        <translation>挿入または問い合わせるキー（例: https://example.com）</translation>
    </message>
    <message>
        <source>&amp;Insert</source>
        <translation>挿入(&amp;I)</translation>
    </message>
    <message>
        <source>Insert the key into the filter (Enter). Its k positions are highlighted.</source>
        <translation>キーをフィルターに挿入します (Enter)。その k 個の位置が強調表示されます。</translation>
    </message>
    <message>
        <source>&amp;Query</source>
        <translation>問い合わせ(&amp;Q)</translation>
    </message>
    <message>
        <source>Ask the filter about the key (Ctrl+Enter): &quot;definitely not&quot; or &quot;maybe&quot;.</source>
        <translation>キーについてフィルターに問い合わせます (Ctrl+Enter): 「確実に存在しない」か「存在する可能性あり」。</translation>
    </message>
    <message>
        <source>Ctrl+Return</source>
        <translation>Ctrl+Return</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>&amp;Explorer</source>
        <translation>エクスプローラー(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Benchmark</source>
        <translation>ベンチマーク(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Teaching</source>
        <translation>学習(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Calculator</source>
        <translation>計算機(&amp;C)</translation>
    </message>
    <message>
        <source>C&amp;ompare</source>
        <translation>比較(&amp;O)</translation>
    </message>
    <message>
        <source>The live filter: its bits, and the false-positive counter (Ctrl+1).</source>
        <translation>稼働中のフィルター: そのビットと偽陽性カウンター (Ctrl+1)。</translation>
    </message>
    <message>
        <source>Speedup of a filter in front of a slow store, against the hot ratio (Ctrl+2).</source>
        <translation>遅いストアの前に置いたフィルターによる高速化率を、ホット率に対して表示 (Ctrl+2)。</translation>
    </message>
    <message>
        <source>Step-by-step: add, query, false positives, cuckoo kicks, why no delete (Ctrl+3).</source>
        <translation>ステップごとの解説: 追加、問い合わせ、偽陽性、カッコウのキック、削除できない理由 (Ctrl+3)。</translation>
    </message>
    <message>
        <source>Fix any of n, p, m, k and solve the rest (Ctrl+4).</source>
        <translation>n、p、m、k のいずれかを固定して残りを求めます (Ctrl+4)。</translation>
    </message>
    <message>
        <source>Every filter type at the same memory budget (Ctrl+5).</source>
        <translation>すべての種類のフィルターを同じメモリ予算で比較 (Ctrl+5)。</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open Filter…</source>
        <translation>フィルターを開く(&amp;O)…</translation>
    </message>
    <message>
        <source>Open filter</source>
        <translation>フィルターを開く</translation>
    </message>
    <message>
        <source>Filters and Parquet files (*.blf *.bloom *.parquet);;All files (*)</source>
        <translation>フィルターと Parquet ファイル (*.blf *.bloom *.parquet);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Open &amp;Redis Filter…</source>
        <translation>Redis フィルターを開く(&amp;R)…</translation>
    </message>
    <message>
        <source>Recent &amp;Files</source>
        <translation>最近使ったファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Save Filter</source>
        <translation>フィルターを保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save Filter &amp;As…</source>
        <translation>名前を付けてフィルターを保存(&amp;A)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>Save filter</source>
        <translation>フィルターを保存</translation>
    </message>
    <message>
        <source>BloomLab filters (*.blf);;All files (*)</source>
        <translation>BloomLab フィルター (*.blf);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>&amp;Insert Keys from File…</source>
        <translation>ファイルからキーを挿入(&amp;I)…</translation>
    </message>
    <message>
        <source>Ctrl+I</source>
        <translation>Ctrl+I</translation>
    </message>
    <message>
        <source>Insert keys (one per line)</source>
        <translation>キーを挿入（1 行に 1 つ）</translation>
    </message>
    <message>
        <source>Text files (*.txt *.csv *.tsv *.lst);;All files (*)</source>
        <translation>テキストファイル (*.txt *.csv *.tsv *.lst);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Export Benchmark &amp;CSV…</source>
        <translation>ベンチマーク CSV をエクスポート(&amp;C)…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export benchmark CSV</source>
        <translation>ベンチマーク CSV をエクスポート</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export C&amp;hart</source>
        <translation>グラフをエクスポート(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Speedup Chart…</source>
        <translation>高速化率グラフ(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;False-Positive Chart…</source>
        <translation>偽陽性グラフ(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Teaching Bit View…</source>
        <translation>学習モードのビット表示(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Calculator Chart…</source>
        <translation>計算機のグラフ(&amp;C)…</translation>
    </message>
    <message>
        <source>C&amp;omparison Chart…</source>
        <translation>比較グラフ(&amp;O)…</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>グラフをエクスポート</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 画像 (*.png);;SVG 図形 (*.svg)</translation>
    </message>
    <message>
        <source>Chart of the &amp;Current Tab…</source>
        <translation>現在のタブのグラフ(&amp;C)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>&amp;Bit Array View…</source>
        <translation>ビット配列ビュー(&amp;B)…</translation>
    </message>
    <message>
        <source>Export bit array</source>
        <translation>ビット配列をエクスポート</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>エクスポートに失敗しました</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 を保存しました</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>レポートをエクスポート(&amp;R)…</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>レポートをエクスポート</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>F&amp;ilter</source>
        <translation>フィルター(&amp;I)</translation>
    </message>
    <message>
        <source>Focus &amp;Key Field</source>
        <translation>キー欄にフォーカス(&amp;K)</translation>
    </message>
    <message>
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <source>&amp;Test Absent Keys</source>
        <translation>存在しないキーをテスト(&amp;T)</translation>
    </message>
    <message>
        <source>Ctrl+T</source>
        <translation>Ctrl+T</translation>
    </message>
    <message>
        <source>&amp;Fill to 2n and Measure</source>
        <translation>2n まで挿入して測定(&amp;F)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+F</source>
        <translation>Ctrl+Shift+F</translation>
    </message>
    <message>
        <source>&amp;Clear Filter</source>
        <translation>フィルターをクリア(&amp;C)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+Backspace</source>
        <translation>Ctrl+Shift+Backspace</translation>
    </message>
    <message>
        <source>C&amp;ancel Background Job</source>
        <translation>バックグラウンド処理をキャンセル(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Run Sweep</source>
        <translation>スイープを実行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Cancel Sweep</source>
        <translation>スイープをキャンセル(&amp;C)</translation>
    </message>
    <message>
        <source>Run &amp;Comparison</source>
        <translation>比較を実行(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Fit Bit Array</source>
        <translation>ビット配列を全体表示(&amp;F)</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>&amp;Parameters Panel</source>
        <translation>パラメータパネル(&amp;P)</translation>
    </message>
    <message>
        <source>Ctrl+P</source>
        <translation>Ctrl+P</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Glossary</source>
        <translation>用語集(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>キーボードショートカット(&amp;K)</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>キーボードショートカット</translation>
    </message>
    <message>
        <source>&amp;About BloomLab</source>
        <translation>BloomLab について(&amp;A)</translation>
    </message>
    <message>
        <source>About BloomLab</source>
        <translation>BloomLab について</translation>
    </message>
    <message>
        <source>&lt;h3&gt;BloomLab %1&lt;/h3&gt;&lt;p&gt;An explorer for approximate-membership filters: classic, blocked, counting, scalable Bloom and cuckoo filters. Tune n and p, watch the bits, count false positives, benchmark the speedup in front of a slow store, and walk through the algorithms step by step.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;BloomLab %1&lt;/h3&gt;&lt;p&gt;近似メンバーシップフィルター（クラシック、ブロック化、カウンティング、スケーラブルの各ブルームフィルターとカッコウフィルター）のためのエクスプローラーです。n と p を調整し、ビットを観察し、偽陽性を数え、遅いストアの前に置いたときの高速化率をベンチマークし、アルゴリズムを一歩ずつたどれます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Working on the filter in the background…</source>
        <translation>バックグラウンドでフィルターを処理中…</translation>
    </message>
    <message>
        <source>No filter</source>
        <translation>フィルターなし</translation>
    </message>
    <message>
        <source>Explorer set to n = %1, p = %2</source>
        <translation>エクスプローラーを n = %1、p = %2 に設定しました</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>ウィンドウ</translation>
    </message>
    <message>
        <source>Insert the key in the key field</source>
        <translation>キー欄のキーを挿入</translation>
    </message>
    <message>
        <source>Bit array</source>
        <translation>ビット配列</translation>
    </message>
    <message>
        <source>Zoom in / out around the cursor</source>
        <translation>カーソル位置を中心に拡大 / 縮小</translation>
    </message>
    <message>
        <source>Wheel, + / −</source>
        <translation>ホイール、+ / −</translation>
    </message>
    <message>
        <source>Pan</source>
        <translation>移動</translation>
    </message>
    <message>
        <source>Drag, Up / Down, Page Up / Page Down</source>
        <translation>ドラッグ、Up / Down、Page Up / Page Down</translation>
    </message>
    <message>
        <source>Fit the whole array</source>
        <translation>配列全体を表示</translation>
    </message>
    <message>
        <source>Menus and buttons</source>
        <translation>メニューとボタン</translation>
    </message>
    <message>
        <source>The item with that underlined letter</source>
        <translation>その下線付きの文字の項目</translation>
    </message>
    <message>
        <source>Alt + underlined letter</source>
        <translation>Alt + 下線付きの文字</translation>
    </message>
    <message>
        <source>Hover: index and value · wheel: zoom · drag: pan · Home: fit</source>
        <translation>ホバー: インデックスと値 · ホイール: ズーム · ドラッグ: 移動 · Home: 全体表示</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>無題</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#c62828&apos;&gt;Type a key first (any text; the empty key is a key too, but not from this field).&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#c62828&apos;&gt;先にキーを入力してください（任意のテキスト。空のキーもキーですが、この欄からは入力できません）。&lt;/span&gt;</translation>
    </message>
    <message>
        <source>The filter refused &quot;%1&quot;: it is full.</source>
        <translation type="vanished">フィルターが「%1」を拒否しました: 満杯です。</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#c62828&apos;&gt;Type a key first.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#c62828&apos;&gt;先にキーを入力してください。&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Cannot open filter</source>
        <translation>フィルターを開けません</translation>
    </message>
    <message>
        <source>Cannot open %1:
%2</source>
        <translation>%1 を開けません:
%2</translation>
    </message>
    <message>
        <source>Opened %1: %2 filter with %3 items</source>
        <translation>%1 を開きました: %2 フィルター、%3 要素</translation>
    </message>
    <message>
        <source>Cannot save filter</source>
        <translation>フィルターを保存できません</translation>
    </message>
    <message>
        <source>Cannot save %1:
%2</source>
        <translation>%1 を保存できません:
%2</translation>
    </message>
    <message>
        <source>The filter</source>
        <translation>フィルター</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存の変更</translation>
    </message>
    <message>
        <source>%1 has changes that are not saved. Save them first?</source>
        <translation>%1 には保存されていない変更があります。先に保存しますか？</translation>
    </message>
    <message>
        <source>Windows line ends</source>
        <translation>Windows の改行</translation>
    </message>
    <message>
        <source>%1 ends its lines with CR LF (Windows line ends: %2). Kept, every key ends in an invisible \r and no key typed in the key field matches it. Strip the \r from the end of each line?</source>
        <translation>%1 の行末は CR LF です（Windows の改行: %2）。このままだと、すべてのキーの末尾に見えない \r が付き、キー欄で入力したキーとは一致しません。各行の末尾の \r を取り除きますか？</translation>
    </message>
    <message>
        <source>1 line</source>
        <translation>1 行</translation>
    </message>
    <message>
        <source>%1 lines</source>
        <translation>%1 行</translation>
    </message>
    <message>
        <source>%1 lines in its first MiB</source>
        <translation>先頭の 1 MiB 中 %1 行</translation>
    </message>
    <message>
        <source>&amp;Strip</source>
        <translation>取り除く(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Keep</source>
        <translation>そのまま(&amp;K)</translation>
    </message>
    <message>
        <source>Filter cleared.</source>
        <translation>フィルターをクリアしました。</translation>
    </message>
    <message>
        <source>Recent file missing</source>
        <translation>最近使ったファイルが見つかりません</translation>
    </message>
    <message>
        <source>%1 no longer exists; it was removed from the recent files.</source>
        <translation>%1 はもう存在しません。最近使ったファイルから削除しました。</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>(no recent files)</source>
        <translation>（最近使ったファイルなし）</translation>
    </message>
    <message>
        <source>&amp;Clear Recent Files</source>
        <translation>最近使ったファイルをクリア(&amp;C)</translation>
    </message>
    <message>
        <source>Cannot insert keys</source>
        <translation>キーを挿入できません</translation>
    </message>
    <message>
        <source>Cannot read %1.</source>
        <translation type="vanished">%1 を読み込めません。</translation>
    </message>
    <message>
        <source>Another job is still working on the filter; cancel it first (Esc).</source>
        <translation>別の処理がまだフィルターを使用中です。先にキャンセルしてください (Esc)。</translation>
    </message>
    <message>
        <source>Cannot export CSV</source>
        <translation>CSV をエクスポートできません</translation>
    </message>
    <message>
        <source>Cannot export chart</source>
        <translation>グラフをエクスポートできません</translation>
    </message>
    <message>
        <source>Insert a key to see its k positions light up; query a key to see its answer.</source>
        <translation>キーを挿入するとその k 個の位置が光ります。キーを問い合わせると答えが表示されます。</translation>
    </message>
    <message>
        <source>Inserted &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; を挿入しました</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#c62828&apos;&gt;The filter refused &lt;b&gt;%1&lt;/b&gt; (full)&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#c62828&apos;&gt;フィルターが &lt;b&gt;%1&lt;/b&gt; を拒否しました（満杯）&lt;/span&gt;</translation>
    </message>
    <message>
        <source> — buckets highlighted</source>
        <translation> — バケットを強調表示</translation>
    </message>
    <message numerus="yes">
        <source>, %n kick(s) drawn as arrows</source>
        <translation>
            <numerusform>、%n 回のキックを矢印で表示</numerusform>
        </translation>
    </message>
    <message>
        <source> — positions %1 (green: turned on now, orange: were already set).</source>
        <translation> — 位置 %1（緑: 今回 1 になった、オレンジ: すでにセット済み）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: &lt;span style=&apos;color:#2e7d32&apos;&gt;&lt;b&gt;definitely not&lt;/b&gt;&lt;/span&gt; in the set — a probed cell is empty (red ring).</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: 集合に&lt;span style=&apos;color:#2e7d32&apos;&gt;&lt;b&gt;確実に存在しない&lt;/b&gt;&lt;/span&gt; — プローブしたセルが空です（赤い円）。</translation>
    </message>
    <message>
        <source>bucket %1, slot %2</source>
        <translation>バケット %1、スロット %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: &lt;b&gt;maybe&lt;/b&gt; — and it was inserted (true positive). Found at %2.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: &lt;b&gt;存在する可能性あり&lt;/b&gt; — 挿入済みです（真陽性）。%2 で見つかりました。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: &lt;b&gt;maybe&lt;/b&gt; — the inserted keys are not all known, so it cannot be told whether this is a false positive.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: &lt;b&gt;存在する可能性あり&lt;/b&gt; — 挿入したキーがすべては分からないため、偽陽性かどうか判定できません。</translation>
    </message>
    <message>
        <source>%1 ← %2</source>
        <translation>%1 ← %2</translation>
    </message>
    <message>
        <source>generated keys</source>
        <translation>生成キー</translation>
    </message>
    <message>
        <source> Its cells were set by: %1.</source>
        <translation> そのセルをセットしたキー: %1。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: &lt;b&gt;maybe&lt;/b&gt; — but it was never inserted: a &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;false positive&lt;/b&gt;&lt;/span&gt;.%2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: &lt;b&gt;存在する可能性あり&lt;/b&gt; — しかし一度も挿入していません: &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;偽陽性&lt;/b&gt;&lt;/span&gt;です。%2</translation>
    </message>
    <message>
        <source>Cannot open Parquet file</source>
        <translation>Parquet ファイルを開けません</translation>
    </message>
    <message>
        <source>Cannot open Parquet filter</source>
        <translation>Parquet フィルターを開けません</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not ROWGROUP:COLUMN (e.g. 0:name)</source>
        <translation>「%1」は ROWGROUP:COLUMN の形式ではありません（例: 0:name）</translation>
    </message>
    <message>
        <source>%1 has no column &apos;%2&apos;</source>
        <translation>%1 に列「%2」はありません</translation>
    </message>
    <message>
        <source>Cannot open the bloom filter of row group %1, column %2 of %3:
%4</source>
        <translation>%3 の行グループ %1、列 %2 のブルームフィルターを開けません:
%4</translation>
    </message>
    <message>
        <source>Opened %1, row group %2, column %3: %4 blocks, about %5 distinct values</source>
        <translation>%1 を開きました（行グループ %2、列 %3）: %4 ブロック、異なる値は約 %5 個</translation>
    </message>
    <message>
        <source># BloomLab report

</source>
        <translation># BloomLab レポート

</translation>
    </message>
    <message>
        <source>Generated %1 by BloomLab %2.

</source>
        <translation>%1 に BloomLab %2 で生成。

</translation>
    </message>
    <message>
        <source>## Filter

</source>
        <translation>## フィルター

</translation>
    </message>
    <message>
        <source>- type: %1
- n (capacity): %2
- p (target FPR): %3
</source>
        <translation>- 種類: %1
- n（容量）: %2
- p（目標 FPR）: %3
</translation>
    </message>
    <message>
        <source>- m: %1 bits (%2)%3
- k: %4
- bits per item: %5 (lower bound %6)
- expected FPR at n: %7
</source>
        <translation>- m: %1 ビット（%2）%3
- k: %4
- 1 要素あたりのビット数: %5（下限 %6）
- n での期待 FPR: %7
</translation>
    </message>
    <message>
        <source> (estimate)</source>
        <translation> （推定）</translation>
    </message>
    <message>
        <source>
## False-positive counter

%1

</source>
        <translation>
## 偽陽性カウンター

%1

</translation>
    </message>
    <message>
        <source>| items inserted | absent keys tested | false positives | observed FPR | theory |
|---:|---:|---:|---:|---:|
</source>
        <translation>| 挿入した要素数 | テストした存在しないキー | 偽陽性 | 実測 FPR | 理論値 |
|---:|---:|---:|---:|---:|
</translation>
    </message>
    <message>
        <source>FPR against items inserted</source>
        <translation>挿入した要素数に対する FPR</translation>
    </message>
    <message>
        <source>
## Speedup sweep

backend %1, %2 queries, %3 repeats (median shown), corpus %4 phrases.

</source>
        <translation>
## 高速化率のスイープ

バックエンド %1、問い合わせ %2 件、反復 %3 回（中央値を表示）、コーパス %4 フレーズ。

</translation>
    </message>
    <message>
        <source>Speedup against hot ratio</source>
        <translation>ホット率に対する高速化率</translation>
    </message>
    <message>
        <source>
All repeats: [%1](%1)
</source>
        <translation>
すべての反復: [%1](%1)
</translation>
    </message>
    <message>
        <source>
## Comparison at the same memory budget

</source>
        <translation>
## 同じメモリ予算での比較

</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>比較</translation>
    </message>
    <message>
        <source>Cannot export report</source>
        <translation>レポートをエクスポートできません</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="vanished">%1 に書き込めません: %2</translation>
    </message>
    <message>
        <source>The filter refused %1: it is full.</source>
        <translation>フィルターが %1 を拒否しました: 満杯です。</translation>
    </message>
    <message>
        <source>&amp;Copy Filter to Redis…</source>
        <translation>フィルターを Redis にコピー(&amp;C)…</translation>
    </message>
    <message>
        <source>Replace files?</source>
        <translation>ファイルを置き換えますか?</translation>
    </message>
    <message>
        <source>The report also writes these files in %1, which exist already:

%2

Replace them?</source>
        <translation>レポートは %1 に次のファイルも書き込みますが、すでに存在します:

%2

置き換えますか?</translation>
    </message>
    <message>
        <source>&amp;Replace</source>
        <translation>置き換え(&amp;R)</translation>
    </message>
    <message>
        <source>Report not exported: the files next to it were kept.</source>
        <translation>レポートはエクスポートされませんでした: 隣のファイルはそのままです。</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::NumberField</name>
    <message>
        <source>“%1” can be read two ways: %2 (“%3” grouping digits) or %4 (“%3” as the decimal point). Type %5 or %6 to say which.</source>
        <translation>「%1」は 2 通りに読めます: %2（「%3」は桁区切り）または %4（「%3」は小数点）。どちらの意味かは %5 または %6 と入力して指定してください。</translation>
    </message>
    <message>
        <source> (in “%1”)</source>
        <translation> （「%1」内）</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::ParameterPanel</name>
    <message>
        <source>Filter</source>
        <translation>フィルター</translation>
    </message>
    <message>
        <source>&amp;Type</source>
        <translation>種類(&amp;T)</translation>
    </message>
    <message>
        <source>
Accepts 10000, 1e6, 10k, 2.5M.</source>
        <translation>
10000、1e6、10k、2.5M の形式で入力できます。</translation>
    </message>
    <message>
        <source>&amp;n (items)</source>
        <translation>&amp;n（要素数）</translation>
    </message>
    <message>
        <source>
Accepts 0.01, 1e-3, 1/100, 1%.</source>
        <translation>
0.01、1e-3、1/100、1% の形式で入力できます。</translation>
    </message>
    <message>
        <source>&amp;p (target FPR)</source>
        <translation>&amp;p（目標 FPR）</translation>
    </message>
    <message>
        <source>Derived</source>
        <translation>算出値</translation>
    </message>
    <message>
        <source>m (bits)</source>
        <translation>m（ビット数）</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>k (hashes)</source>
        <translation>k（ハッシュ数）</translation>
    </message>
    <message>
        <source>bits / item</source>
        <translation>ビット / 要素</translation>
    </message>
    <message>
        <source>expected FPR at n</source>
        <translation>n での期待 FPR</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>ベンチマーク</translation>
    </message>
    <message>
        <source>&amp;Hot ratio</source>
        <translation>ホット率(&amp;H)</translation>
    </message>
    <message>
        <source>scan (O(n) search)</source>
        <translation>スキャン（O(n) の探索）</translation>
    </message>
    <message>
        <source>hash table</source>
        <translation>ハッシュテーブル</translation>
    </message>
    <message>
        <source>SQLite</source>
        <translation>SQLite</translation>
    </message>
    <message>
        <source>fixed latency</source>
        <translation>一定のレイテンシ</translation>
    </message>
    <message>
        <source> µs</source>
        <translation> µs</translation>
    </message>
    <message>
        <source>Delay per backend lookup of the latency backend.</source>
        <translation>「一定のレイテンシ」バックエンドでの、ルックアップ 1 回あたりの遅延。</translation>
    </message>
    <message>
        <source>&amp;Backend</source>
        <translation>バックエンド(&amp;B)</translation>
    </message>
    <message>
        <source>Not built: %1</source>
        <translation>構築していません: %1</translation>
    </message>
    <message>
        <source>Derived — not built</source>
        <translation>算出値 — 構築していません</translation>
    </message>
    <message>
        <source>n = %1 is outside the explorer&apos;s range %2 … %3; it uses n = %4.</source>
        <translation>n = %1 はエクスプローラーの範囲 %2 … %3 の外です。n = %4 を使います。</translation>
    </message>
    <message>
        <source>p = %1 is outside the explorer&apos;s range %2 … %3; it uses p = %4.</source>
        <translation>p = %1 はエクスプローラーの範囲 %2 … %3 の外です。p = %4 を使います。</translation>
    </message>
    <message>
        <source>m (counters)</source>
        <translation>m（カウンター数）</translation>
    </message>
    <message>
        <source>table bits</source>
        <translation>テーブルのビット数</translation>
    </message>
    <message>
        <source>m (layer 0)</source>
        <translation>m（レイヤー 0）</translation>
    </message>
    <message>
        <source>%1 counters</source>
        <translation>カウンター %1 個</translation>
    </message>
    <message>
        <source> (%1 bytes)</source>
        <translation> (%1 バイト)</translation>
    </message>
    <message>
        <source>2 buckets, %1-bit fingerprint</source>
        <translation>バケット 2 つ、%1 ビットのフィンガープリント</translation>
    </message>
    <message>
        <source>%1  (minimum %2)</source>
        <translation>%1  （最小 %2）</translation>
    </message>
    <message>
        <source>reject (keep the size)</source>
        <translation>拒否（サイズを維持）</translation>
    </message>
    <message>
        <source>add a tier</source>
        <translation>ティアを追加</translation>
    </message>
    <message>
        <source>rebuild larger</source>
        <translation>大きくして再構築</translation>
    </message>
    <message>
        <source>What the filter does when it fills up.
reject: it keeps its size; inserts it cannot store fail (cuckoo) or its FPR climbs (Bloom).
add a tier (cuckoo): a new table twice as large takes the next keys; each tier gets a smaller share of p, so the FPR of all tiers together stays below p.
rebuild larger (classic, blocked, counting, cuckoo): when the estimated FPR reaches 2 p (or a cuckoo insert fails), a filter twice as large is built from every key the explorer inserted.
The scalable filter always grows by layers.</source>
        <translation>フィルターが満杯になったときの動作。
拒否: サイズを維持します。格納できない挿入は失敗する（カッコウ）か、FPR が上がっていきます（ブルーム）。
ティアを追加（カッコウ）: 2 倍の大きさの新しいテーブルが次のキーを受け取ります。ティアごとに p の配分を小さくするので、全ティアを合わせた FPR は p を下回ります。
大きくして再構築（クラシック、ブロック化、カウンティング、カッコウ）: 推定 FPR が 2 p に達したとき（またはカッコウへの挿入が失敗したとき）、エクスプローラーが挿入したすべてのキーから 2 倍の大きさのフィルターを作ります。
スケーラブルフィルターは常にレイヤーを追加して拡大します。</translation>
    </message>
    <message>
        <source>&amp;When full</source>
        <translation>満杯時の動作(&amp;W)</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::ParquetChooser</name>
    <message>
        <source>Open a bloom filter of %1</source>
        <translation>%1 のブルームフィルターを開く</translation>
    </message>
    <message>
        <source>Row group</source>
        <translation>行グループ</translation>
    </message>
    <message>
        <source>Column</source>
        <translation>列</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>型</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>値の数</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>フィルター</translation>
    </message>
    <message>
        <source>Blocks</source>
        <translation>ブロック数</translation>
    </message>
    <message>
        <source>Fill</source>
        <translation>充填率</translation>
    </message>
    <message>
        <source>Est. distinct</source>
        <translation>推定異なり数</translation>
    </message>
    <message>
        <source>FPR now</source>
        <translation>現在の FPR</translation>
    </message>
    <message>
        <source>Distinct</source>
        <translation>異なり数</translation>
    </message>
    <message>
        <source>Verdict (1%)</source>
        <translation>判定 (1%)</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>no bloom filter: a reader cannot skip this chunk by value</source>
        <translation>ブルームフィルターなし: リーダーは値によってこのチャンクをスキップできません</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 バイト</translation>
    </message>
    <message>
        <source>all bits set</source>
        <translation>全ビットがセット済み</translation>
    </message>
    <message>
        <source>damaged</source>
        <translation>破損</translation>
    </message>
    <message>
        <source>%1 — written by %2: %3 rows in %4 row groups, %5 columns; %6 of %7 column chunks have a bloom filter. Choose one to open it in the explorer.</source>
        <translation>%1 — %2 が書き込み: %4 行グループに %3 行、%5 列。%7 個の列チャンクのうち %6 個にブルームフィルターがあります。1 つ選ぶとエクスプローラーで開きます。</translation>
    </message>
    <message>
        <source>an unnamed writer</source>
        <translation>名前のないライター</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::RedisFilterWindow</name>
    <message>
        <source>Open Redis filter</source>
        <translation>Redis フィルターを開く</translation>
    </message>
    <message>
        <source>Address (%1):</source>
        <translation>アドレス (%1):</translation>
    </message>
    <message>
        <source>Redis password</source>
        <translation>Redis パスワード</translation>
    </message>
    <message>
        <source>Password for %1 (kept for this window only, never saved):</source>
        <translation>%1 のパスワード（このウィンドウでのみ保持し、保存しません）:</translation>
    </message>
    <message>
        <source>Redis filter — %1</source>
        <translation>Redis フィルター — %1</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>&amp;Query</source>
        <translation>問い合わせ(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Insert on the server</source>
        <translation>サーバーに挿入(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>更新(&amp;R)</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 に失敗しました: %2</translation>
    </message>
    <message>
        <source>“%1”: maybe (possibly in the set)</source>
        <translation>「%1」: 存在する可能性あり（集合に含まれるかもしれない）</translation>
    </message>
    <message>
        <source>“%1”: no (certainly not inserted)</source>
        <translation>「%1」: 存在しない（確実に挿入されていない）</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>問い合わせ</translation>
    </message>
    <message>
        <source>“%1”: inserted on the server</source>
        <translation>「%1」: サーバーに挿入しました</translation>
    </message>
    <message>
        <source>Insert</source>
        <translation>挿入</translation>
    </message>
    <message>
        <source>%1
%2 filter: m = %3 bits (%4), k = %5, hash %6
%7 segments on %8 node(s): %9
items (counter): %10; estimated from the fill (Swamidass–Baldi): %11
fill ratio %12, estimated FPR now %13</source>
        <translation>%1
%2 フィルター: m = %3 ビット（%4）、k = %5、ハッシュ %6
%8 ノード上に %7 セグメント: %9
要素数（カウンター）: %10、充填率からの推定（Swamidass–Baldi）: %11
充填率 %12、現在の推定 FPR %13</translation>
    </message>
    <message>
        <source>Bits: a copy downloaded from the server (Refresh downloads it again).</source>
        <translation type="vanished">ビット: サーバーからダウンロードしたコピー（「更新」で再ダウンロードします）。</translation>
    </message>
    <message>
        <source>Bits not shown: this filter&apos;s bitset is %1, and the bit view downloads filters of at most %2. Statistics, query and insert work at any size.</source>
        <translation type="vanished">ビットは表示していません: このフィルターのビットセットは %1 ですが、ビット表示でダウンロードできるのは最大 %2 のフィルターです。統計、問い合わせ、挿入はどのサイズでも動作します。</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>更新</translation>
    </message>
    <message>
        <source>Bits: the whole filter (%1), read from the server. Refresh reads them again.</source>
        <translation>ビット: サーバーから読み込んだフィルター全体（%1）。更新すると読み直します。</translation>
    </message>
    <message>
        <source>Bits: a sample, not the whole filter. The bitset is %1 (above the %2 the view reads whole), so the view shows %3 ranges of %4, one every %5: %6 in all, %7 % of the bits. Bit i of the view is bit i of the sample. Statistics, query and insert use the whole filter. Refresh reads the sample again.</source>
        <translation>ビット: フィルター全体ではなくサンプルです。ビットセットは %1 で、ビューが全体を読み込む上限 %2 を超えているため、ビューには %4 の範囲を %5 ごとに 1 つ、計 %3 個表示しています: 合計 %6、ビットの %7 %。ビューのビット i はサンプルのビット i です。統計、問い合わせ、挿入はフィルター全体を使います。更新するとサンプルを読み直します。</translation>
    </message>
    <message>
        <source>%1
Not connected yet.</source>
        <translation>%1
まだ接続していません。</translation>
    </message>
    <message>
        <source>Insert &amp;file…</source>
        <translation>ファイルから挿入(&amp;F)…</translation>
    </message>
    <message>
        <source>Inserts every line of a key file (exact bytes) on the server, in batches</source>
        <translation>キーファイルの各行（バイト列そのまま）を、バッチに分けてサーバーに挿入します</translation>
    </message>
    <message>
        <source>Reads the statistics and the bits again (connects first when needed)</source>
        <translation>統計とビットを読み直します（必要ならまず接続します）</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>キャンセル(&amp;C)</translation>
    </message>
    <message>
        <source>No bits read yet.</source>
        <translation>まだビットを読み込んでいません。</translation>
    </message>
    <message>
        <source>Insert keys from file</source>
        <translation>ファイルからキーを挿入</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>キャンセルしました</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>メモリ不足</translation>
    </message>
    <message>
        <source>Ready.</source>
        <translation>準備完了。</translation>
    </message>
    <message>
        <source>Connecting to %1</source>
        <translation>%1 への接続</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>%1 に接続中…</translation>
    </message>
    <message>
        <source>Reading the statistics and bits of %1…</source>
        <translation>%1 の統計とビットを読み込み中…</translation>
    </message>
    <message>
        <source>Asking the server about “%1”…</source>
        <translation>「%1」についてサーバーに問い合わせ中…</translation>
    </message>
    <message>
        <source>Inserting “%1” on the server…</source>
        <translation>「%1」をサーバーに挿入中…</translation>
    </message>
    <message>
        <source>Insert from file failed: “%1” is not a readable regular file (a key file, one key per line)</source>
        <translation type="vanished">ファイルからの挿入に失敗しました: 「%1」は読み取り可能な通常のファイル（1 行に 1 キーのキーファイル）ではありません</translation>
    </message>
    <message>
        <source>Insert from %1</source>
        <translation>%1 からの挿入</translation>
    </message>
    <message>
        <source>Inserted %1 keys from %2…</source>
        <translation>%2 から %1 個のキーを挿入しました…</translation>
    </message>
    <message>
        <source>Inserted %1 keys from %2 on the server</source>
        <translation>%2 から %1 個のキーをサーバーに挿入しました</translation>
    </message>
    <message>
        <source>Inserting the keys of %1…</source>
        <translation>%1 のキーを挿入中…</translation>
    </message>
    <message>
        <source>Cancelled: %1 stopped (keys already sent stay in the filter). The next action connects again.</source>
        <translation>キャンセルしました: %1 を中止しました（送信済みのキーはフィルターに残ります）。次の操作で再接続します。</translation>
    </message>
    <message>
        <source>Insert from file failed: %1</source>
        <translation>ファイルからの挿入に失敗しました: %1</translation>
    </message>
    <message>
        <source>There is no filter to copy.</source>
        <translation>コピーするフィルターがありません。</translation>
    </message>
    <message>
        <source>Copy filter to Redis</source>
        <translation>フィルターを Redis にコピー</translation>
    </message>
    <message>
        <source>Copying the filter to %1</source>
        <translation>%1 へのフィルターのコピー</translation>
    </message>
    <message>
        <source>Copying the filter to %1…</source>
        <translation>フィルターを %1 にコピー中…</translation>
    </message>
    <message>
        <source>Only classic and blocked Bloom filters can live on Redis; this one is a %1 filter. Choose %2 or %3 as the Type under Parameters, insert the keys and copy again.</source>
        <translation>Redis に置けるのはクラシックとブロック化のブルームフィルターだけです。このフィルターは %1 です。パラメータの種類で %2 か %3 を選び、キーを挿入してからもう一度コピーしてください。</translation>
    </message>
    <message>
        <source>Cancelled: %1 stopped, and what it had written to the server is deleted again. Refresh copies the filter again.</source>
        <translation>キャンセルしました: %1 を停止し、サーバーに書き込まれた分は再び削除されます。「更新」でフィルターをもう一度コピーします。</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::SpeedupChartView</name>
    <message>
        <source>Speedup against hot ratio</source>
        <translation>ホット率に対する高速化率</translation>
    </message>
    <message>
        <source>measured (median of repeats)</source>
        <translation>実測値（反復の中央値）</translation>
    </message>
    <message>
        <source>model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>2× target</source>
        <translation>目標 2×</translation>
    </message>
    <message>
        <source>hot ratio slider</source>
        <translation>ホット率スライダー</translation>
    </message>
    <message>
        <source>hot ratio h (share of queries the backend can answer)</source>
        <translation>ホット率 h（バックエンドが答えられる問い合わせの割合）</translation>
    </message>
    <message>
        <source>speedup (×)</source>
        <translation>高速化率 (×)</translation>
    </message>
    <message>
        <source>speedup = time without the filter / time with the filter, for the same queries.
model = (h·c_hot + (1−h)·c_cold) / (c_f + h·c_hot + (1−h)·FPR·c_cold)
Hover over a measured point for its latencies.</source>
        <translation>高速化率 = フィルターなしの時間 / フィルターありの時間（同じ問い合わせで比較）。
モデル = (h·c_hot + (1−h)·c_cold) / (c_f + h·c_hot + (1−h)·FPR·c_cold)
実測点にカーソルを合わせるとレイテンシが表示されます。</translation>
    </message>
    <message>
        <source>h = %1
speedup %2× (p50 %3×)
p50 with %4 µs, without %5 µs
FPR on cold queries %6
model %7×</source>
        <translation>h = %1
高速化率 %2×（p50 %3×）
p50 フィルターあり %4 µs、なし %5 µs
コールドな問い合わせでの FPR %6
モデル %7×</translation>
    </message>
    <message>
        <source>Queries per repeat and hot ratio (bloomlab-cli bench uses 20,000).</source>
        <translation>反復 1 回・ホット率 1 つあたりの問い合わせ数（bloomlab-cli bench は 20,000）。</translation>
    </message>
    <message>
        <source>Repeats per hot ratio; the chart shows their median.</source>
        <translation>ホット率ごとの反復回数。グラフにはその中央値を表示します。</translation>
    </message>
    <message>
        <source>Phrases in the simulated store (bloomlab-cli bench: 100,000). The hot set is n of them, so n must not exceed this.</source>
        <translation>シミュレートしたストア内のフレーズ数（bloomlab-cli bench: 100,000）。ホット集合はそのうちの n 個なので、n はこの値以下にしてください。</translation>
    </message>
    <message>
        <source>&amp;Run sweep</source>
        <translation>スイープを実行(&amp;R)</translation>
    </message>
    <message>
        <source>Measure speedup at each hot ratio on a worker thread (F5).</source>
        <translation>ワーカースレッドで各ホット率での高速化率を測定します (F5)。</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>キャンセル(&amp;C)</translation>
    </message>
    <message>
        <source>Press Run to measure.</source>
        <translation>「スイープを実行」を押すと測定します。</translation>
    </message>
    <message>
        <source>Queries</source>
        <translation>問い合わせ数</translation>
    </message>
    <message>
        <source>Repeats</source>
        <translation>反復回数</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>コーパス</translation>
    </message>
    <message>
        <source>Running: %1</source>
        <translation>実行中: %1</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n point(s).</source>
        <translation>
            <numerusform>%n 点を測定した後でキャンセルしました。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %n point(s).</source>
        <translation>
            <numerusform>完了: %n 点。</numerusform>
        </translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>エラー: %1</translation>
    </message>
    <message>
        <source>Benchmark error: %1</source>
        <translation>ベンチマークのエラー: %1</translation>
    </message>
    <message>
        <source>nothing has been measured yet.</source>
        <translation>まだ何も測定していません。</translation>
    </message>
    <message>
        <source>still showing the previous run (%1).</source>
        <translation>前回の実行結果を表示しています（%1）。</translation>
    </message>
    <message>
        <source>Run refused: %1</source>
        <translation>実行を拒否しました: %1</translation>
    </message>
    <message>
        <source>Benchmark run refused: %1</source>
        <translation>ベンチマークの実行を拒否しました: %1</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>開始中…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>キャンセル中…</translation>
    </message>
    <message>
        <source>Parameters changed: restarting…</source>
        <translation>パラメータが変更されました: 再開始中…</translation>
    </message>
    <message>
        <source>hot ratio</source>
        <translation>ホット率</translation>
    </message>
    <message>
        <source>speedup</source>
        <translation>高速化率</translation>
    </message>
    <message>
        <source>p50 speedup</source>
        <translation>p50 高速化率</translation>
    </message>
    <message>
        <source>p50 with (µs)</source>
        <translation>p50 フィルターあり (µs)</translation>
    </message>
    <message>
        <source>p50 without (µs)</source>
        <translation>p50 フィルターなし (µs)</translation>
    </message>
    <message>
        <source>p99 with (µs)</source>
        <translation>p99 フィルターあり (µs)</translation>
    </message>
    <message>
        <source>FPR (cold)</source>
        <translation>FPR（コールド）</translation>
    </message>
    <message>
        <source>%1 filter, n = %2, p = %3, backend %4</source>
        <translation>%1 フィルター、n = %2、p = %3、バックエンド %4</translation>
    </message>
    <message>
        <source>Speedup against hot ratio — %1</source>
        <translation>ホット率に対する高速化率 — %1</translation>
    </message>
    <message>
        <source>Speedup against hot ratio — %1 (not run yet)</source>
        <translation>ホット率に対する高速化率 — %1（未実行）</translation>
    </message>
    <message>
        <source>Showing the run of %1; the parameters have changed since (Run sweep measures them).</source>
        <translation>%1 の実行結果を表示しています。その後パラメータが変更されました（「スイープを実行」で測定します）。</translation>
    </message>
    <message>
        <source>&amp;Restart</source>
        <translation>再開始(&amp;R)</translation>
    </message>
    <message>
        <source>There are no benchmark results yet: run the sweep first.</source>
        <translation>ベンチマーク結果はまだありません: 先にスイープを実行してください。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="vanished">%1 に書き込めません: %2</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::TeachingLessons</name>
    <message>
        <source>bit &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>ビット &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>bits &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>ビット &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Hash %1</source>
        <translation>ハッシュ %1</translation>
    </message>
    <message>
        <source>XXH3-128 turns %1 into a 128-bit number. Its low half is &lt;b&gt;h1&lt;/b&gt; = %2, its high half (made odd, so it is never 0) is &lt;b&gt;h2&lt;/b&gt; = %3.&lt;br&gt;The %4 positions are &lt;i&gt;g&lt;sub&gt;j&lt;/sub&gt; = h1 + j·h2&lt;/i&gt; (mod 2&lt;sup&gt;64&lt;/sup&gt;), each mapped onto 0…%5 by &lt;i&gt;⌊g&lt;sub&gt;j&lt;/sub&gt;·m / 2&lt;sup&gt;64&lt;/sup&gt;⌋&lt;/i&gt; (double hashing: one hash gives all k positions).</source>
        <translation>XXH3-128 は %1 を 128 ビットの数に変換します。その下位半分が &lt;b&gt;h1&lt;/b&gt; = %2、上位半分（0 にならないよう奇数にしたもの）が &lt;b&gt;h2&lt;/b&gt; = %3 です。&lt;br&gt;%4 個の位置は &lt;i&gt;g&lt;sub&gt;j&lt;/sub&gt; = h1 + j·h2&lt;/i&gt; (mod 2&lt;sup&gt;64&lt;/sup&gt;) で、それぞれ &lt;i&gt;⌊g&lt;sub&gt;j&lt;/sub&gt;·m / 2&lt;sup&gt;64&lt;/sup&gt;⌋&lt;/i&gt; によって 0…%5 に写像されます（ダブルハッシュ法: 1 つのハッシュから k 個すべての位置が得られます）。</translation>
    </message>
    <message>
        <source>Position %1 → bit %2</source>
        <translation>位置 %1 → ビット %2</translation>
    </message>
    <message>
        <source>g&lt;sub&gt;%1&lt;/sub&gt; = h1 + %1·h2 = %2 → ⌊g·%3 / 2&lt;sup&gt;64&lt;/sup&gt;⌋ = &lt;b&gt;%4&lt;/b&gt;. </source>
        <translation>g&lt;sub&gt;%1&lt;/sub&gt; = h1 + %1·h2 = %2 → ⌊g·%3 / 2&lt;sup&gt;64&lt;/sup&gt;⌋ = &lt;b&gt;%4&lt;/b&gt;。 </translation>
    </message>
    <message>
        <source>Position %1 is bit &lt;b&gt;%2&lt;/b&gt;. </source>
        <translation>位置 %1 はビット &lt;b&gt;%2&lt;/b&gt; です。 </translation>
    </message>
    <message>
        <source>The same bit as position %1 of this word: g&lt;sub&gt;%2&lt;/sub&gt; and g&lt;sub&gt;%3&lt;/sub&gt; are different numbers, but the range reduction maps both to bit %4, so this probe changes nothing.</source>
        <translation>この単語の位置 %1 と同じビットです: g&lt;sub&gt;%2&lt;/sub&gt; と g&lt;sub&gt;%3&lt;/sub&gt; は異なる数ですが、範囲縮小によってどちらもビット %4 に写像されるため、このプローブでは何も変わりません。</translation>
    </message>
    <message>
        <source>Bit %1 was already 1 and stays 1.</source>
        <translation>ビット %1 はすでに 1 で、1 のままです。</translation>
    </message>
    <message>
        <source>Bit %1 was already 1 (set by %2) and stays 1: words share bits.</source>
        <translation>ビット %1 はすでに 1（%2 がセット）で、1 のままです: 単語どうしがビットを共有しています。</translation>
    </message>
    <message>
        <source>Bit %1 was 0 and &lt;b&gt;turns on&lt;/b&gt;.</source>
        <translation>ビット %1 は 0 だったので &lt;b&gt;1 になります&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>Done: %1 is in the filter</source>
        <translation>完了: %1 がフィルターに入りました</translation>
    </message>
    <message numerus="yes">
        <source>All %1 probes of %2 find a 1 now: %n bit(s) turned on</source>
        <translation>
            <numerusform>%2 の %1 個のプローブ先はすべて 1 になりました: 新たに 1 になったビットは %n 個</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n bit(s) were already set.</source>
        <translation>
            <numerusform>、すでにセット済みだったビットは %n 個です。</numerusform>
        </translation>
    </message>
    <message>
        <source>Added %1: bits %2</source>
        <translation>%1 を追加しました: ビット %2</translation>
    </message>
    <message>
        <source> (%1 distinct)</source>
        <translation> （異なるビットは %1 個）</translation>
    </message>
    <message>
        <source>Query %1</source>
        <translation>%1 を問い合わせ</translation>
    </message>
    <message>
        <source>The query hashes %1 exactly like an insert would, giving the same %2 positions: %3. Now each bit is checked in turn.</source>
        <translation>問い合わせでは挿入とまったく同じように %1 をハッシュするので、同じ %2 個の位置 %3 が得られます。これから各ビットを順に調べます。</translation>
    </message>
    <message>
        <source>Bit %1 is 0 → definitely not</source>
        <translation>ビット %1 が 0 → 確実に存在しない</translation>
    </message>
    <message>
        <source>Bit %1 is &lt;b&gt;0&lt;/b&gt;. Adding %2 would have set it, and bits are never cleared, so %2 was &lt;b&gt;definitely not&lt;/b&gt; added. The filter can stop here: one zero is proof.%3</source>
        <translation>ビット %1 は &lt;b&gt;0&lt;/b&gt; です。%2 を追加していればこのビットはセットされているはずで、ビットがクリアされることはないので、%2 は&lt;b&gt;確実に追加されていません&lt;/b&gt;。フィルターはここで終了できます: 0 が 1 つあれば証明になります。%3</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;span style=&apos;color:#c62828&apos;&gt;(It was added, so the filter is broken — this never happens with an intact Bloom filter.)&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style=&apos;color:#c62828&apos;&gt;（追加済みなのでフィルターが壊れています — 正常なブルームフィルターでは決して起こりません。）&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Bit %1 is 1</source>
        <translation>ビット %1 が 1</translation>
    </message>
    <message>
        <source>Bit %1 is &lt;b&gt;1&lt;/b&gt;. Keep checking.</source>
        <translation>ビット %1 は &lt;b&gt;1&lt;/b&gt; です。調べ続けます。</translation>
    </message>
    <message>
        <source>Bit %1 is &lt;b&gt;1&lt;/b&gt; (set by %2). Keep checking.</source>
        <translation>ビット %1 は &lt;b&gt;1&lt;/b&gt;（%2 がセット）です。調べ続けます。</translation>
    </message>
    <message>
        <source>Bit %1 again</source>
        <translation>再びビット %1</translation>
    </message>
    <message>
        <source>Position %1 is bit %2 again, the same bit as position %3 (the range reduction maps both hash values to it): nothing new is learned. Keep checking.</source>
        <translation>位置 %1 は再びビット %2 で、位置 %3 と同じビットです（範囲縮小によって両方のハッシュ値がこのビットに写像されます）: 新しく分かることはありません。調べ続けます。</translation>
    </message>
    <message numerus="yes">
        <source>All %n probed bit(s) are 1 → maybe (true positive)</source>
        <translation>
            <numerusform>プローブした %n ビットがすべて 1 → 存在する可能性あり（真陽性）</numerusform>
        </translation>
    </message>
    <message>
        <source>Every probed bit is 1, so the answer is &lt;b&gt;maybe&lt;/b&gt;. %1 was added, so this is a true positive: a Bloom filter never forgets a word it was given.</source>
        <translation>プローブしたビットがすべて 1 なので、答えは&lt;b&gt;存在する可能性あり&lt;/b&gt;です。%1 は追加済みなので、これは真陽性です: ブルームフィルターは与えられた単語を決して忘れません。</translation>
    </message>
    <message>
        <source>bit %1 ← %2</source>
        <translation>ビット %1 ← %2</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message numerus="yes">
        <source>All %n probed bit(s) are 1 → maybe, but a FALSE POSITIVE</source>
        <translation>
            <numerusform>プローブした %n ビットがすべて 1 → 存在する可能性あり、ただし偽陽性</numerusform>
        </translation>
    </message>
    <message>
        <source>Every probed bit is 1, so the filter says &lt;b&gt;maybe&lt;/b&gt; — yet %1 was &lt;b&gt;never added&lt;/b&gt;. Its bits were set by other words: %2.&lt;br&gt;That is a &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;false positive&lt;/b&gt;&lt;/span&gt;. A &quot;maybe&quot; must always be checked against the real data; only &quot;definitely not&quot; is certain.</source>
        <translation>プローブしたビットがすべて 1 なので、フィルターは&lt;b&gt;存在する可能性あり&lt;/b&gt;と答えます — しかし %1 は&lt;b&gt;一度も追加されていません&lt;/b&gt;。そのビットは他の単語がセットしたものです: %2。&lt;br&gt;これが&lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;偽陽性&lt;/b&gt;&lt;/span&gt;です。「存在する可能性あり」は必ず実際のデータで確認する必要があります。確実なのは「確実に存在しない」だけです。</translation>
    </message>
    <message>
        <source>%1: definitely not</source>
        <translation>%1: 確実に存在しない</translation>
    </message>
    <message>
        <source>%1: maybe (it was added)</source>
        <translation>%1: 存在する可能性あり（追加済み）</translation>
    </message>
    <message>
        <source>%1: maybe — a false positive</source>
        <translation>%1: 存在する可能性あり — 偽陽性</translation>
    </message>
    <message>
        <source>No two words share a bit; try a smaller m.</source>
        <translation>ビットを共有する単語がありません。m を小さくしてみてください。</translation>
    </message>
    <message>
        <source>%1 and %2 share bit %3</source>
        <translation>%1 と %2 がビット %3 を共有</translation>
    </message>
    <message>
        <source>%1 uses bits %2; %3 uses bits %4. Both need %5.%6&lt;br&gt;Suppose we want to delete %1.</source>
        <translation>%1 はビット %2 を、%3 はビット %4 を使います。どちらも %5 が必要です。%6&lt;br&gt;%1 を削除したいとしましょう。</translation>
    </message>
    <message numerus="yes">
        <source> (%n sample word(s) were added so that two words share a bit.)</source>
        <translation>
            <numerusform> （2 つの単語がビットを共有するように、サンプル単語を %n 個追加しました。）</numerusform>
        </translation>
    </message>
    <message>
        <source>Clear the bits of %1</source>
        <translation>%1 のビットをクリア</translation>
    </message>
    <message>
        <source>The naive delete: set %1&apos;s bits (%2) back to 0. A plain bit cannot say how many words set it, so %3 is cleared too, although %4 still needs it.</source>
        <translation>素朴な削除: %1 のビット（%2）を 0 に戻します。単なるビットには何個の単語がセットしたかが分からないので、%4 がまだ必要としているにもかかわらず %3 もクリアされます。</translation>
    </message>
    <message>
        <source>Query %1 → &quot;definitely not&quot;: a FALSE NEGATIVE</source>
        <translation>%1 を問い合わせ → 「確実に存在しない」: 偽陰性</translation>
    </message>
    <message>
        <source>Now %1 finds bit %2 at 0 and the filter answers &lt;b&gt;definitely not&lt;/b&gt; — but %1 was added! This is a &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;false negative&lt;/b&gt;&lt;/span&gt;, the one mistake a Bloom filter must never make. That is why a classic Bloom filter has no delete: rebuild it instead.</source>
        <translation>すると %1 はビット %2 が 0 であることを見つけ、フィルターは&lt;b&gt;確実に存在しない&lt;/b&gt;と答えます — しかし %1 は追加済みです！ これが&lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;偽陰性&lt;/b&gt;&lt;/span&gt;で、ブルームフィルターが決して犯してはならない唯一の誤りです。そのため、クラシックブルームフィルターには削除がありません: 代わりに再構築してください。</translation>
    </message>
    <message>
        <source>%1 four-bit counters are %1 × 4 = %2 bits, against %3 bits for the classic filter: &lt;b&gt;%4×&lt;/b&gt; the memory</source>
        <translation>4 ビットカウンター %1 個は %1 × 4 = %2 ビット。クラシックフィルターの %3 ビットに対して &lt;b&gt;%4×&lt;/b&gt; のメモリ</translation>
    </message>
    <message>
        <source>counter %1 = %2</source>
        <translation>カウンター %1 = %2</translation>
    </message>
    <message>
        <source>A counting filter: counters instead of bits</source>
        <translation>カウンティングフィルター: ビットの代わりにカウンター</translation>
    </message>
    <message>
        <source>A &lt;b&gt;counting Bloom filter&lt;/b&gt; keeps a 4-bit counter per cell and adds 1 for each word that uses it (its counters come in 64-byte lines of 128, so it has its own positions). The same %1 words are inserted. %2 uses counters %3; %4 uses %5. Both use &lt;b&gt;%6&lt;/b&gt;: %7.</source>
        <translation>&lt;b&gt;カウンティングブルームフィルター&lt;/b&gt;は各セルに 4 ビットのカウンターを持ち、そのセルを使う単語ごとに 1 を加えます（カウンターは 128 個ずつ 64 バイトのラインに並ぶので、位置はクラシックとは異なります）。同じ %1 個の単語を挿入します。%2 はカウンター %3 を、%4 は %5 を使います。どちらも &lt;b&gt;%6&lt;/b&gt; を使います: %7。</translation>
    </message>
    <message>
        <source>counter %1 drops to %2</source>
        <translation>カウンター %1 は %2 に減少</translation>
    </message>
    <message>
        <source>erase(%1) refused: one of its counters was 0.</source>
        <translation>erase(%1) は拒否されました: カウンターの 1 つが 0 でした。</translation>
    </message>
    <message>
        <source>Deleting %1 subtracts 1 from each of its counters (%2): %3, because %4 still counts in it. (A counter that reached 15 sticks at 15 forever, so an overflow can never cause a false negative.)</source>
        <translation>%1 を削除すると、そのカウンター（%2）からそれぞれ 1 を引きます: %3。%4 がまだ数えられているからです。（15 に達したカウンターはずっと 15 のまま固定されるので、オーバーフローが偽陰性を起こすことはありません。）</translation>
    </message>
    <message>
        <source>erase(%1) decrements its counters</source>
        <translation>erase(%1) はカウンターをデクリメント</translation>
    </message>
    <message>
        <source>Query %1 → still found</source>
        <translation>%1 を問い合わせ → まだ見つかる</translation>
    </message>
    <message>
        <source>All counters of %1 are still above 0 — including the shared counter %2 — so %1 is &lt;b&gt;still found&lt;/b&gt;: the counting filter deleted %3 safely. The price: %4; and you may only delete words that really were added.</source>
        <translation>%1 のカウンターはすべてまだ 0 より大きい（共有カウンター %2 も含む）ので、%1 は&lt;b&gt;まだ見つかります&lt;/b&gt;: カウンティングフィルターは %3 を安全に削除しました。代償: %4。また、削除してよいのは実際に追加した単語だけです。</translation>
    </message>
    <message>
        <source>%1 is not found — this should not happen.</source>
        <translation>%1 が見つかりません — 本来は起こらないはずです。</translation>
    </message>
    <message>
        <source>Why no delete: step through with Next (Alt+Right).</source>
        <translation>削除できない理由: 「次へ」(Alt+Right) で一歩ずつ進めてください。</translation>
    </message>
    <message>
        <source>%1 = %2 XOR (hash(%3) mod %4) = %5 XOR %6 = &lt;b&gt;%7&lt;/b&gt;</source>
        <translation>%1 = %2 XOR (hash(%3) mod %4) = %5 XOR %6 = &lt;b&gt;%7&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1 = (hash(%3) mod %4 − %2) mod %4 = (%5 − %6) mod %4 = &lt;b&gt;%7&lt;/b&gt;</source>
        <translation>%1 = (hash(%3) mod %4 − %2) mod %4 = (%5 − %6) mod %4 = &lt;b&gt;%7&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Fingerprint and buckets of %1</source>
        <translation>%1 のフィンガープリントとバケット</translation>
    </message>
    <message>
        <source>The hash of %1 gives an 8-bit &lt;b&gt;fingerprint&lt;/b&gt; f = &lt;b&gt;%2&lt;/b&gt; (never 0: 0 marks an empty slot) and bucket &lt;b&gt;i1 = %3&lt;/b&gt;. The other bucket is %4. Because i2 needs only f, a stored fingerprint can later move between its two buckets without the original word (the same rule maps i2 back to i1).%5</source>
        <translation>%1 のハッシュから 8 ビットの&lt;b&gt;フィンガープリント&lt;/b&gt; f = &lt;b&gt;%2&lt;/b&gt;（0 にはならない: 0 は空きスロットを表す）とバケット &lt;b&gt;i1 = %3&lt;/b&gt; が得られます。もう一方のバケットは %4 です。i2 の計算には f しか要らないので、格納したフィンガープリントは後から元の単語なしで 2 つのバケット間を移動できます（同じ規則で i2 から i1 に戻れます）。%5</translation>
    </message>
    <message>
        <source>i1</source>
        <translation>i1</translation>
    </message>
    <message>
        <source>i2</source>
        <translation>i2</translation>
    </message>
    <message>
        <source>f</source>
        <translation>f</translation>
    </message>
    <message>
        <source>&lt;br&gt;Here i2 = i1: hash(f) mod %1 is 0, so both of the word&apos;s buckets are the same bucket and it has 4 slots to choose from, not 8.</source>
        <translation>&lt;br&gt;ここでは i2 = i1 です: hash(f) mod %1 が 0 なので、この単語の 2 つのバケットは同じバケットになり、選べるスロットは 8 個ではなく 4 個です。</translation>
    </message>
    <message>
        <source>Stored in bucket %1, slot %2</source>
        <translation>バケット %1、スロット %2 に格納</translation>
    </message>
    <message>
        <source>Bucket %1 had a free slot, so f = 0x%2 goes into slot %3. Done — no other fingerprint moved.</source>
        <translation>バケット %1 に空きスロットがあったので、f = 0x%2 をスロット %3 に入れます。完了 — 他のフィンガープリントは移動していません。</translation>
    </message>
    <message>
        <source>Both buckets are full</source>
        <translation>両方のバケットが満杯</translation>
    </message>
    <message>
        <source>All slots of buckets %1 and %2 are taken. The cuckoo filter makes room: it picks one of the two buckets at random (here bucket %3) and a random slot in it (slot %4), puts f there and &lt;b&gt;kicks&lt;/b&gt; out the fingerprint that was in it, to &lt;i&gt;its&lt;/i&gt; other bucket.</source>
        <translation>バケット %1 と %2 のスロットはすべて埋まっています。カッコウフィルターは場所を空けます: 2 つのバケットの一方をランダムに選び（ここではバケット %3）、その中のスロットをランダムに選んで（スロット %4）f を入れ、そこにあったフィンガープリントを&lt;i&gt;その&lt;/i&gt;もう一方のバケットへ&lt;b&gt;キック&lt;/b&gt;して追い出します。</translation>
    </message>
    <message>
        <source>Kick %1: %2 out of bucket %3 and back into it</source>
        <translation>キック %1: %2 をバケット %3 から追い出し、同じバケットに戻す</translation>
    </message>
    <message>
        <source>Kick %1: %2 from bucket %3 to %4</source>
        <translation>キック %1: %2 をバケット %3 から %4 へ</translation>
    </message>
    <message>
        <source>&lt;b&gt;0x%1&lt;/b&gt; goes into bucket %2, slot %3 and pushes out fingerprint &lt;b&gt;%4&lt;/b&gt;, which is now out of the table (the grid shows the table at this moment). %5.</source>
        <translation>&lt;b&gt;0x%1&lt;/b&gt; がバケット %2、スロット %3 に入り、フィンガープリント &lt;b&gt;%4&lt;/b&gt; を押し出します。押し出されたフィンガープリントは今テーブルの外にあります（グリッドはこの時点のテーブルを表示）。%5。</translation>
    </message>
    <message>
        <source>Its other bucket</source>
        <translation>もう一方のバケット</translation>
    </message>
    <message>
        <source> hash(%1) mod %2 is 0, so both buckets of %1 are bucket %3: it can only go back into the bucket it was just pushed out of.</source>
        <translation> hash(%1) mod %2 が 0 なので、%1 の 2 つのバケットはどちらもバケット %3 です: 押し出されたばかりのバケットに戻るしかありません。</translation>
    </message>
    <message>
        <source> Bucket %1 is full, so %2 takes a slot there and kicks the next fingerprint out.</source>
        <translation> バケット %1 は満杯なので、%2 はそこのスロットを取り、次のフィンガープリントをキックして追い出します。</translation>
    </message>
    <message>
        <source> Bucket %1 has a free slot (slot %2): %3 goes there and the chain ends.</source>
        <translation> バケット %1 に空きスロット（スロット %2）があります: %3 がそこに入り、連鎖は終わります。</translation>
    </message>
    <message>
        <source> Bucket %1 is full too, and this was the last kick allowed: %2 goes to the &lt;b&gt;stash&lt;/b&gt;, a single spare place next to the table.</source>
        <translation> バケット %1 も満杯で、これが許される最後のキックでした: %2 は&lt;b&gt;スタッシュ&lt;/b&gt;（テーブルの横にある 1 つだけの予備の場所）に入ります。</translation>
    </message>
    <message>
        <source>%1. 0x%2: bucket %3 → %4</source>
        <translation>%1. 0x%2: バケット %3 → %4</translation>
    </message>
    <message numerus="yes">
        <source>Done after %n kick(s)</source>
        <translation>
            <numerusform>%n 回のキックで完了</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is stored (bucket %2, slot %3), and every moved fingerprint sits in one of its own two buckets, so every word is still found. The arrows are numbered in kick order: %4. Long chains mean the table is nearly full (load %5 %).</source>
        <translation type="vanished">%1 が格納され（バケット %2、スロット %3）、移動したフィンガープリントはどれも自分の 2 つのバケットのどちらかにあるので、すべての単語がまだ見つかります。矢印にはキックの順に番号が付いています: %4。連鎖が長いのはテーブルがほぼ満杯だからです（負荷率 %5 %）。</translation>
    </message>
    <message numerus="yes">
        <source>Done after %n kick(s): one fingerprint waits in the stash</source>
        <translation>
            <numerusform>%n 回のキックで完了: フィンガープリントが 1 つスタッシュで待機中</numerusform>
        </translation>
    </message>
    <message>
        <source>After %1 kicks there was still no free slot. The last evicted fingerprint, 0x%2, is kept in the &lt;b&gt;stash&lt;/b&gt;, so no word is lost and every word is still found. The kicks: %3. The filter is full now: the next insert that finds both its buckets full is refused — rebuild it larger.</source>
        <translation type="vanished">%1 回キックしても空きスロットがありませんでした。最後に追い出されたフィンガープリント 0x%2 は&lt;b&gt;スタッシュ&lt;/b&gt;に保持されるので、単語は失われず、すべての単語がまだ見つかります。キック: %3。これでフィルターは満杯です: 今後、両方のバケットが満杯の単語の挿入は拒否されます — より大きく再構築してください。</translation>
    </message>
    <message>
        <source>Refused: the filter is full</source>
        <translation>拒否: フィルターが満杯</translation>
    </message>
    <message>
        <source>Both buckets are full and the stash is already occupied, so the insert returns &lt;b&gt;false&lt;/b&gt; and changes nothing. Nothing that was stored is lost.</source>
        <translation>両方のバケットが満杯で、スタッシュもすでに使用中なので、挿入は &lt;b&gt;false&lt;/b&gt; を返し、何も変更しません。格納済みのものは何も失われません。</translation>
    </message>
    <message numerus="yes">
        <source>Added %1 (%n kick(s))</source>
        <translation>
            <numerusform>%1 を追加しました（キック %n 回）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 was refused: the cuckoo filter is full</source>
        <translation>%1 は拒否されました: カッコウフィルターが満杯です</translation>
    </message>
    <message>
        <source>0x%1 found → maybe (true positive)</source>
        <translation>0x%1 が見つかった → 存在する可能性あり（真陽性）</translation>
    </message>
    <message>
        <source>0x%1 found → maybe, a FALSE POSITIVE</source>
        <translation>0x%1 が見つかった → 存在する可能性あり、ただし偽陽性</translation>
    </message>
    <message>
        <source>0x%1 not found → definitely not</source>
        <translation>0x%1 が見つからない → 確実に存在しない</translation>
    </message>
    <message>
        <source>%1 has fingerprint f = 0x%2 and buckets %3 and %4. The query looks at those 8 slots only. </source>
        <translation>%1 のフィンガープリントは f = 0x%2、バケットは %3 と %4 です。問い合わせではこの 8 個のスロットだけを調べます。 </translation>
    </message>
    <message>
        <source>No slot holds 0x%1, so %2 is &lt;b&gt;definitely not&lt;/b&gt; in the filter.</source>
        <translation>0x%1 を持つスロットはないので、%2 はフィルターに&lt;b&gt;確実に存在しません&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>A slot holds 0x%1 → &lt;b&gt;maybe&lt;/b&gt;; %2 was added, so this is right.</source>
        <translation>0x%1 を持つスロットがある → &lt;b&gt;存在する可能性あり&lt;/b&gt;。%2 は追加済みなので、これは正解です。</translation>
    </message>
    <message>
        <source>A slot holds 0x%1 — but it belongs to another word with the same fingerprint in the same bucket. %2 was never added: a &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;false positive&lt;/b&gt;&lt;/span&gt;. With 8-bit fingerprints this happens for at most 8/256 ≈ 3 % of absent words.</source>
        <translation>0x%1 を持つスロットがあります — しかしそれは、同じバケットにある同じフィンガープリントを持つ別の単語のものです。%2 は一度も追加されていません: &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;偽陽性&lt;/b&gt;&lt;/span&gt;です。8 ビットのフィンガープリントでは、これが起こるのは存在しない単語の最大 8/256 ≈ 3 % です。</translation>
    </message>
    <message>
        <source>probes %1 and %2 both land on bit %3</source>
        <translation>プローブ %1 と %2 はどちらもビット %3 に当たります</translation>
    </message>
    <message>
        <source>probes %1 all land on bit %2</source>
        <translation>プローブ %1 はすべてビット %2 に当たります</translation>
    </message>
    <message numerus="yes">
        <source>%1 probes, %n distinct bit(s): </source>
        <translation>
            <numerusform>プローブ %1 回、異なるビット %n 個: </numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — the range reduction maps different hash values to the same bit, which is common when m is small.</source>
        <translation>%1 — 範囲縮小によって異なるハッシュ値が同じビットに写像されます。m が小さいときにはよくあることです。</translation>
    </message>
    <message>
        <source>A Bloom filter</source>
        <translation>ブルームフィルター</translation>
    </message>
    <message>
        <source>A Bloom filter is an array of %1 bits, all 0 at first. To &lt;b&gt;add&lt;/b&gt; a word, the filter hashes it to %2 positions and sets those bits to 1. To &lt;b&gt;query&lt;/b&gt; a word it checks the same %2 bits: if any is 0 the word was &lt;b&gt;definitely not&lt;/b&gt; added; if all are 1 the answer is &lt;b&gt;maybe&lt;/b&gt;.&lt;br&gt;&lt;br&gt;Type a word and press &lt;b&gt;Add&lt;/b&gt;.</source>
        <translation>ブルームフィルターは %1 ビットの配列で、最初はすべて 0 です。単語を&lt;b&gt;追加&lt;/b&gt;するときは、単語をハッシュして %2 個の位置を求め、それらのビットを 1 にします。単語を&lt;b&gt;問い合わせる&lt;/b&gt;ときは同じ %2 個のビットを調べます: どれかが 0 ならその単語は&lt;b&gt;確実に追加されていません&lt;/b&gt;。すべて 1 なら答えは&lt;b&gt;存在する可能性あり&lt;/b&gt;です。&lt;br&gt;&lt;br&gt;単語を入力して&lt;b&gt;追加&lt;/b&gt;を押してください。</translation>
    </message>
    <message>
        <source>A cuckoo filter</source>
        <translation>カッコウフィルター</translation>
    </message>
    <message>
        <source>A cuckoo filter is a table of %1 buckets with 4 slots each. It stores a small &lt;b&gt;fingerprint&lt;/b&gt; of each word (8 bits here) in one of two buckets, &lt;i&gt;i1&lt;/i&gt; and &lt;i&gt;i2&lt;/i&gt;. When both are full it &lt;b&gt;kicks&lt;/b&gt; a fingerprint out to its other bucket, like a cuckoo chick. Unlike a Bloom filter it can delete: remove the fingerprint.&lt;br&gt;&lt;br&gt;Type a word and press &lt;b&gt;Add&lt;/b&gt;.</source>
        <translation>カッコウフィルターは、4 スロットずつのバケット %1 個からなるテーブルです。各単語の小さな&lt;b&gt;フィンガープリント&lt;/b&gt;（ここでは 8 ビット）を、2 つのバケット &lt;i&gt;i1&lt;/i&gt; と &lt;i&gt;i2&lt;/i&gt; のどちらかに格納します。両方が満杯なら、カッコウのひなのように、フィンガープリントをそのもう一方のバケットへ&lt;b&gt;キック&lt;/b&gt;して追い出します。ブルームフィルターと違って削除ができます: フィンガープリントを取り除くだけです。&lt;br&gt;&lt;br&gt;単語を入力して&lt;b&gt;追加&lt;/b&gt;を押してください。</translation>
    </message>
    <message numerus="yes">
        <source>%n sample word(s) added</source>
        <translation>
            <numerusform>サンプル単語を %n 個追加しました</numerusform>
        </translation>
    </message>
    <message>
        <source>The filter now holds %1 words and %2 % of its bits are 1. Try &lt;b&gt;Find a false positive&lt;/b&gt;, or query a word of your own.</source>
        <translation>フィルターには現在 %1 個の単語があり、ビットの %2 % が 1 です。&lt;b&gt;偽陽性を探す&lt;/b&gt;を試すか、自分で単語を問い合わせてみてください。</translation>
    </message>
    <message>
        <source>The table is %1 % full. The next inserts will probably have to kick fingerprints around: add a word and step through its kick chain.</source>
        <translation>テーブルは %1 % 埋まっています。次の挿入ではフィンガープリントをキックして移動させる必要がありそうです: 単語を追加して、そのキックの連鎖を一歩ずつ見てみましょう。</translation>
    </message>
    <message numerus="yes">
        <source> The filter holds %n word(s); %1 of its %2 bits are 1, so a word that was never added finds all its %3 bits set with probability about (%1/%2)&lt;sup&gt;%3&lt;/sup&gt; = &lt;b&gt;%4&lt;/b&gt; — the false-positive rate.</source>
        <translation>
            <numerusform> フィルターには %n 個の単語があり、%2 ビットのうち %1 ビットが 1 です。そのため、一度も追加していない単語の %3 個のビットがすべてセットされている確率は約 (%1/%2)&lt;sup&gt;%3&lt;/sup&gt; = &lt;b&gt;%4&lt;/b&gt; です — これが偽陽性率です。</numerusform>
        </translation>
    </message>
    <message>
        <source> (arrows are drawn for the last %1 kicks, %2 to %3)</source>
        <translation> （矢印は最後の %1 回のキック、%2 ～ %3 のみ表示）</translation>
    </message>
    <message>
        <source>%1 is stored (bucket %2, slot %3), and every moved fingerprint sits in one of its own two buckets, so every word is still found. The arrows are numbered in kick order%6: %4. Long chains mean the table is nearly full (load %5 %).</source>
        <translation>%1 を格納しました（バケット %2、スロット %3）。移動したフィンガープリントはどれも自分の 2 つのバケットのどちらかにあるので、すべての単語が引き続き見つかります。矢印にはキックの順に番号が付いています%6: %4。連鎖が長いのは、テーブルがほぼ満杯だからです（充填率 %5 %）。</translation>
    </message>
    <message>
        <source>After %1 kicks there was still no free slot. The last evicted fingerprint, 0x%2, is kept in the &lt;b&gt;stash&lt;/b&gt;, so no word is lost and every word is still found. The kicks%4: %3. The filter is full now: the next insert that finds both its buckets full is refused — rebuild it larger.</source>
        <translation>%1 回キックしても空きスロットは見つかりませんでした。最後に追い出されたフィンガープリント 0x%2 は&lt;b&gt;スタッシュ&lt;/b&gt;に保持されるので、単語は 1 つも失われず、すべての単語が引き続き見つかります。キック%4: %3。これでフィルターは満杯です: 次の挿入で両方のバケットが満杯なら、その挿入は拒否されます — 大きくして再構築してください。</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::TeachingPanel</name>
    <message>
        <source>Classic Bloom filter</source>
        <translation>クラシックブルームフィルター</translation>
    </message>
    <message>
        <source>Cuckoo filter</source>
        <translation>カッコウフィルター</translation>
    </message>
    <message>
        <source>Which structure to explore step by step.</source>
        <translation>一歩ずつ探る構造。</translation>
    </message>
    <message>
        <source>m: bits of the teaching filter (small, so every bit is visible).</source>
        <translation>m: 学習用フィルターのビット数（すべてのビットが見えるよう小さくしています）。</translation>
    </message>
    <message>
        <source>k: bit positions per word.</source>
        <translation>k: 1 単語あたりのビット位置の数。</translation>
    </message>
    <message>
        <source>Buckets of the cuckoo filter (4 slots each, 8-bit fingerprints).</source>
        <translation>カッコウフィルターのバケット数（各 4 スロット、8 ビットのフィンガープリント）。</translation>
    </message>
    <message>
        <source>type a word, e.g. apple</source>
        <translation>単語を入力（例: apple）</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>追加(&amp;A)</translation>
    </message>
    <message>
        <source>Insert the word and explain each step (Enter).</source>
        <translation>単語を追加し、各ステップを解説します (Enter)。</translation>
    </message>
    <message>
        <source>&amp;Query</source>
        <translation>問い合わせ(&amp;Q)</translation>
    </message>
    <message>
        <source>Ask the filter about the word and explain each probe (Ctrl+Enter).</source>
        <translation>単語についてフィルターに問い合わせ、各プローブを解説します (Ctrl+Enter)。</translation>
    </message>
    <message>
        <source>Ctrl+Return</source>
        <translation>Ctrl+Return</translation>
    </message>
    <message>
        <source>Find a &amp;false positive</source>
        <translation>偽陽性を探す(&amp;F)</translation>
    </message>
    <message>
        <source>Query words that were never added until the filter wrongly says &quot;maybe&quot;.</source>
        <translation>フィルターが誤って「存在する可能性あり」と答えるまで、一度も追加していない単語を問い合わせます。</translation>
    </message>
    <message>
        <source>&amp;Why no delete?</source>
        <translation>削除できない理由(&amp;W)</translation>
    </message>
    <message>
        <source>Clear one word&apos;s bits and watch another word disappear; then the counting filter.</source>
        <translation>ある単語のビットをクリアすると別の単語が消える様子を見て、次にカウンティングフィルターを試します。</translation>
    </message>
    <message>
        <source>Add &amp;sample words</source>
        <translation>サンプル単語を追加(&amp;S)</translation>
    </message>
    <message>
        <source>Bloom: add words until about half the bits are set. Cuckoo: until 90 % of the slots are taken, so the next insert has to kick.</source>
        <translation>ブルーム: ビットの約半分がセットされるまで単語を追加します。カッコウ: スロットの 90 % が埋まるまで追加するので、次の挿入ではキックが必要になります。</translation>
    </message>
    <message>
        <source>&amp;Reset</source>
        <translation>リセット(&amp;R)</translation>
    </message>
    <message>
        <source>Empty the teaching filter.</source>
        <translation>学習用フィルターを空にします。</translation>
    </message>
    <message>
        <source>Steps of the last action; select one to see its state (or use Previous / Next).</source>
        <translation>直前の操作のステップ。1 つ選ぶとその時点の状態を表示します（「前へ」/「次へ」も使えます）。</translation>
    </message>
    <message>
        <source>◀ &amp;Previous</source>
        <translation>◀ 前へ(&amp;P)</translation>
    </message>
    <message>
        <source>Alt+Left</source>
        <translation>Alt+Left</translation>
    </message>
    <message>
        <source>&amp;Next ▶</source>
        <translation>次へ(&amp;N) ▶</translation>
    </message>
    <message>
        <source>Alt+Right</source>
        <translation>Alt+Right</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>フィルター</translation>
    </message>
    <message>
        <source>Structure</source>
        <translation>構造</translation>
    </message>
    <message>
        <source>m</source>
        <translation>m</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <source>buckets</source>
        <translation>バケット</translation>
    </message>
    <message>
        <source>Try it</source>
        <translation>試してみる</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>ステップ</translation>
    </message>
    <message>
        <source>No words added yet.</source>
        <translation>まだ単語を追加していません。</translation>
    </message>
    <message numerus="yes">
        <source>%n word(s) added: </source>
        <translation>
            <numerusform>追加した単語 %n 個: </numerusform>
        </translation>
    </message>
    <message>
        <source>Type a word first.</source>
        <translation>先に単語を入力してください。</translation>
    </message>
    <message>
        <source>Add some words first: an empty filter has no false positives.</source>
        <translation>先に単語をいくつか追加してください: 空のフィルターには偽陽性はありません。</translation>
    </message>
    <message>
        <source>No false positive among 200,000 words: the filter is nearly empty. Add more words.</source>
        <translation>200,000 個の単語で偽陽性は見つかりませんでした: フィルターがほとんど空です。単語をもっと追加してください。</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>BloomLab: explore, benchmark and teach Bloom, cuckoo and related filters.</source>
        <translation>BloomLab: ブルームフィルター、カッコウフィルターなどの探索、ベンチマーク、学習。</translation>
    </message>
    <message>
        <source>Run the scripted demo session.</source>
        <translation>スクリプト化されたデモセッションを実行します。</translation>
    </message>
    <message>
        <source>Save a PNG of the whole window when the demo (or start-up) is done, then exit.</source>
        <translation>デモ（または起動）の完了後にウィンドウ全体の PNG を保存して終了します。</translation>
    </message>
    <message>
        <source>Window size for the screenshot, e.g. 1920x1080 (default 1280x800).</source>
        <translation>スクリーンショットのウィンドウサイズ（例: 1920x1080、既定値 1280x800）。</translation>
    </message>
    <message>
        <source>Tab to show: explorer, benchmark, teaching, calculator or compare.</source>
        <translation>表示するタブ: explorer、benchmark、teaching、calculator、compare のいずれか。</translation>
    </message>
    <message>
        <source>Filter type of the demo&apos;s explorer: classic, blocked, counting, scalable or cuckoo.</source>
        <translation>デモのエクスプローラーのフィルター種類: classic、blocked、counting、scalable、cuckoo のいずれか。</translation>
    </message>
    <message>
        <source>Teaching step to show before the screenshot: add, no-delete, cuckoo-kick, cuckoo-done or cuckoo-loop, optionally :STEP (1-based).</source>
        <translation>スクリーンショット前に表示する学習ステップ: add、no-delete、cuckoo-kick、cuckoo-done、cuckoo-loop のいずれか。必要なら :STEP（1 始まり）を付けます。</translation>
    </message>
    <message>
        <source>With a Parquet file: open this row group&apos;s column filter, e.g. 0:name.</source>
        <translation>Parquet ファイルの場合: この行グループの列のフィルターを開きます（例: 0:name）。</translation>
    </message>
    <message>
        <source>A saved filter to open.</source>
        <translation>開く保存済みフィルター。</translation>
    </message>
</context>
</TS>

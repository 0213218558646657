<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="hi" sourcelanguage="en">
<context>
    <name>bloomlab::ui::BitArrayView</name>
    <message>
        <source>No filter</source>
        <translation>कोई फ़िल्टर नहीं</translation>
    </message>
    <message>
        <source>Each cell is one bit (counter, or fingerprint slot) of the filter.
Wheel: zoom · drag: pan · Home: fit · hover: index and value.</source>
        <translation>हर सेल फ़िल्टर का एक बिट (या काउंटर, या फ़िंगरप्रिंट स्लॉट) है।
व्हील: ज़ूम · ड्रैग: खिसकाएँ · Home: फ़िट · होवर: इंडेक्स और मान।</translation>
    </message>
    <message>
        <source>Layer %1 — m = %2 bits, k = %3, p = %4, %5 items</source>
        <translation>स्तर %1 — m = %2 बिट, k = %3, p = %4, %5 आइटम</translation>
    </message>
    <message>
        <source>m = %1 bits, k = %2</source>
        <translation>m = %1 बिट, k = %2</translation>
    </message>
    <message>
        <source>%1 blocks of 256 bits (32 × 8 tiles), k = 8</source>
        <translation>256 बिट के %1 ब्लॉक (32 × 8 टाइल), k = 8</translation>
    </message>
    <message>
        <source>%1 four-bit counters in 64-byte lines (16 × 8 tiles), k = %2</source>
        <translation>64-बाइट लाइनों में %1 चार-बिट काउंटर (16 × 8 टाइल), k = %2</translation>
    </message>
    <message>
        <source>%1 buckets × 4 slots, %2-bit fingerprints</source>
        <translation>%1 बकेट × 4 स्लॉट, %2-बिट फ़िंगरप्रिंट</translation>
    </message>
    <message>
        <source>%1 — %2 — %3 % full</source>
        <translation>%1 — %2 — %3 % भरा</translation>
    </message>
    <message>
        <source>bucket %1</source>
        <translation>बकेट %1</translation>
    </message>
    <message>
        <source>b%1</source>
        <translation>b%1</translation>
    </message>
    <message>
        <source>slot %1</source>
        <translation>स्लॉट %1</translation>
    </message>
    <message>
        <source>just written</source>
        <translation>अभी लिखा गया</translation>
    </message>
    <message>
        <source>probed, above 0</source>
        <translation>जाँचा गया, 0 से अधिक</translation>
    </message>
    <message>
        <source>probed, = 1</source>
        <translation>जाँचा गया, = 1</translation>
    </message>
    <message>
        <source>turned on now</source>
        <translation>अभी चालू हुआ</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>कोई मेल नहीं</translation>
    </message>
    <message>
        <source>probed, = 0</source>
        <translation>जाँचा गया, = 0</translation>
    </message>
    <message>
        <source>decremented</source>
        <translation>घटाया गया</translation>
    </message>
    <message>
        <source>cleared</source>
        <translation>साफ़ किया गया</translation>
    </message>
    <message>
        <source>shared by both words</source>
        <translation>दोनों शब्दों में साझा</translation>
    </message>
    <message>
        <source>used by both words</source>
        <translation>दोनों शब्दों द्वारा उपयोग किया गया</translation>
    </message>
    <message>
        <source>possible bucket</source>
        <translation>संभावित बकेट</translation>
    </message>
    <message>
        <source>found / stored</source>
        <translation>मिला / संग्रहीत</translation>
    </message>
    <message>
        <source>still above 0</source>
        <translation>अब भी 0 से अधिक</translation>
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
        <translation>15 = संतृप्त (वहीं अटका रहता है)</translation>
    </message>
    <message>
        <source>empty slot</source>
        <translation>खाली स्लॉट</translation>
    </message>
    <message>
        <source>fingerprint (hex)</source>
        <translation>फ़िंगरप्रिंट (hex)</translation>
    </message>
    <message>
        <source>kick, in order</source>
        <translation>किक, क्रम से</translation>
    </message>
    <message>
        <source>layer %1, </source>
        <translation>स्तर %1, </translation>
    </message>
    <message>
        <source>%1%2s %3–%4</source>
        <translation>%1%2 %3–%4</translation>
    </message>
    <message>
        <source>%1 (%2 slots per pixel; shade is a sample of 16)</source>
        <translation>%1 (प्रति पिक्सेल %2 स्लॉट; शेड 16 के नमूने पर आधारित है)</translation>
    </message>
    <message>
        <source>set</source>
        <translation>सेट</translation>
    </message>
    <message>
        <source>non-zero</source>
        <translation>शून्य से अलग</translation>
    </message>
    <message>
        <source>occupied</source>
        <translation>भरे हुए</translation>
    </message>
    <message>
        <source>%1: %2 of %3 %4 (%5 %)</source>
        <translation>%1: %3 में से %2 %4 (%5 %)</translation>
    </message>
    <message>
        <source>bit %1 = %2 (block %3, word %4, bit %5)</source>
        <translation>बिट %1 = %2 (ब्लॉक %3, वर्ड %4, बिट %5)</translation>
    </message>
    <message>
        <source>counter %1 = %2%3 (line %4)</source>
        <translation>काउंटर %1 = %2%3 (लाइन %4)</translation>
    </message>
    <message>
        <source>, saturated</source>
        <translation>, संतृप्त</translation>
    </message>
    <message>
        <source>bucket %1, slot %2: fingerprint 0x%3</source>
        <translation>बकेट %1, स्लॉट %2: फ़िंगरप्रिंट 0x%3</translation>
    </message>
    <message>
        <source>bucket %1, slot %2: empty</source>
        <translation>बकेट %1, स्लॉट %2: खाली</translation>
    </message>
    <message>
        <source>%1bit %2 = %3</source>
        <translation>%1बिट %2 = %3</translation>
    </message>
    <message>
        <source>Tier %1 — %2 buckets × 4 slots, %3-bit fingerprints, share of p %4 — %5 of %6 items, %7 % full</source>
        <translation>टियर %1 — %2 बकेट × 4 स्लॉट, %3-बिट फ़िंगरप्रिंट, p में हिस्सा %4 — %6 में से %5 आइटम, %7 % भरा</translation>
    </message>
    <message>
        <source>%1 buckets × 4 slots, %2-bit fingerprints, local layout</source>
        <translation>%1 बकेट × 4 स्लॉट, %2-बिट फ़िंगरप्रिंट, स्थानीय लेआउट</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::CalculatorPanel</name>
    <message>
        <source>Give any two (or three) — the rest is solved</source>
        <translation>कोई दो (या तीन) मान दें — बाकी हल हो जाएँगे</translation>
    </message>
    <message>
        <source>n — items</source>
        <translation>n — आइटम</translation>
    </message>
    <message>
        <source>p — false-positive rate</source>
        <translation>p — फ़ाल्स-पॉज़िटिव दर</translation>
    </message>
    <message>
        <source>m — size (bits, or 64KiB, 1MB…)</source>
        <translation>m — आकार (बिट, या 64KiB, 1MB…)</translation>
    </message>
    <message>
        <source>k — hash functions</source>
        <translation>k — हैश फ़ंक्शन</translation>
    </message>
    <message>
        <source>Ticked: you give this value. Unticked: it is solved.</source>
        <translation>टिक किया: यह मान आप देते हैं। टिक नहीं: यह हल किया जाता है।</translation>
    </message>
    <message>
        <source>solved</source>
        <translation>हल किया गया</translation>
    </message>
    <message>
        <source>&amp;Use n and p in the explorer</source>
        <translation>n और p को एक्सप्लोरर में इस्तेमाल करें(&amp;U)</translation>
    </message>
    <message>
        <source>Copy the solved n and p to the parameter panel.</source>
        <translation>हल किए गए n और p को पैरामीटर पैनल में कॉपी करें।</translation>
    </message>
    <message>
        <source>FPR against items inserted (theory)</source>
        <translation>डाले गए आइटम के सापेक्ष FPR (सिद्धांत)</translation>
    </message>
    <message>
        <source>theory</source>
        <translation>सिद्धांत</translation>
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
        <translation>फ़ाल्स-पॉज़िटिव दर</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>No solution: correct the input marked in red</source>
        <translation>कोई हल नहीं: लाल रंग से चिह्नित इनपुट ठीक करें</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;Parquet writers&lt;/b&gt;: parquet.bloom.filter.expected.ndv = %1, parquet.bloom.filter.fpp = %2 → %3 bytes (%4, rounded up to a power of two), FPR %5 with the split-block layout</source>
        <translation>&lt;br&gt;&lt;b&gt;Parquet राइटर&lt;/b&gt;: parquet.bloom.filter.expected.ndv = %1, parquet.bloom.filter.fpp = %2 → %3 बाइट (%4, दो की घात तक ऊपर पूर्णांकित), split-block लेआउट के साथ FPR %5</translation>
    </message>
    <message>
        <source>; parquet-java caps it at parquet.bloom.filter.max.bytes (1 MiB by default: FPR %1)</source>
        <translation>; parquet-java इसे parquet.bloom.filter.max.bytes पर सीमित करता है (डिफ़ॉल्ट 1 MiB: FPR %1)</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;fewer probes&lt;/b&gt;: k = %1 meets the same p with %2 bits / item (+%3% memory): %1 instead of %4 cache lines read per lookup</source>
        <translation>&lt;br&gt;&lt;b&gt;कम प्रोब&lt;/b&gt;: k = %1 से वही p, %2 बिट / आइटम पर मिल जाता है (+%3% मेमोरी): हर लुकअप में %4 के बजाय %1 कैश लाइनें पढ़ी जाती हैं</translation>
    </message>
    <message>
        <source>&lt;b&gt;n&lt;/b&gt; = %1 items&lt;br&gt;&lt;b&gt;p&lt;/b&gt; = %2&lt;br&gt;&lt;b&gt;m&lt;/b&gt; = %3 bits = %4&lt;br&gt;&lt;b&gt;k&lt;/b&gt; = %5&lt;br&gt;&lt;b&gt;bits / item&lt;/b&gt; = %6 (information-theoretic minimum %7)</source>
        <translation>&lt;b&gt;n&lt;/b&gt; = %1 आइटम&lt;br&gt;&lt;b&gt;p&lt;/b&gt; = %2&lt;br&gt;&lt;b&gt;m&lt;/b&gt; = %3 बिट = %4&lt;br&gt;&lt;b&gt;k&lt;/b&gt; = %5&lt;br&gt;&lt;b&gt;बिट / आइटम&lt;/b&gt; = %6 (सूचना-सैद्धांतिक न्यूनतम %7)</translation>
    </message>
    <message>
        <source>FPR = (1 − e^(−k·items/m))^k&lt;br&gt;m = %1 bits, k = %2</source>
        <translation>FPR = (1 − e^(−k·आइटम/m))^k&lt;br&gt;m = %1 बिट, k = %2</translation>
    </message>
    <message>
        <source>No solution: see the message on the left</source>
        <translation>कोई हल नहीं: बाईं ओर का संदेश देखें</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::ChartAxes</name>
    <message>
        <source>items inserted</source>
        <translation>डाले गए आइटम</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::ChartExport</name>
    <message>
        <source>Nothing to export.</source>
        <translation>एक्सपोर्ट करने के लिए कुछ नहीं है।</translation>
    </message>
    <message>
        <source>The view could not be rendered.</source>
        <translation>व्यू रेंडर नहीं हो सका।</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation type="vanished">%1 में लिखा नहीं जा सकता।</translation>
    </message>
    <message>
        <source>Exported from BloomLab</source>
        <translation>BloomLab से एक्सपोर्ट किया गया</translation>
    </message>
    <message>
        <source>Unknown image type &quot;%1&quot;: use .png or .svg.</source>
        <translation>अज्ञात इमेज प्रकार &quot;%1&quot;: .png या .svg इस्तेमाल करें।</translation>
    </message>
    <message>
        <source>The view could not be encoded as PNG.</source>
        <translation>दृश्य को PNG में एन्कोड नहीं किया जा सका।</translation>
    </message>
    <message>
        <source>The view could not be drawn as SVG.</source>
        <translation>दृश्य को SVG के रूप में नहीं बनाया जा सका।</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::CompareView</name>
    <message>
        <source>budget too small for %1 at %2 keys</source>
        <translation>%2 कुंजियों पर %1 के लिए बजट बहुत छोटा है</translation>
    </message>
    <message>
        <source>budget too small for %1: needs at least %2 bytes (%3 bits per key) for %4 keys</source>
        <translation>%1 के लिए बजट बहुत छोटा है: %4 कुंजियों के लिए कम से कम %2 बाइट (%3 बिट प्रति कुंजी) चाहिए</translation>
    </message>
    <message>
        <source>Keys inserted into every filter (the same keys for all).</source>
        <translation>हर फ़िल्टर में डाली गई कुंजियाँ (सभी के लिए वही कुंजियाँ)।</translation>
    </message>
    <message>
        <source>in total</source>
        <translation>कुल</translation>
    </message>
    <message>
        <source>bits / key</source>
        <translation>बिट / कुंजी</translation>
    </message>
    <message>
        <source>In total: the budget of each filter in bits or bytes. Bits per key: the budget is this many bits for every key (10 bits per key of 100,000 keys = 1,000,000 bits).</source>
        <translation>कुल: हर फ़िल्टर का बजट बिट या बाइट में। बिट प्रति कुंजी: हर कुंजी के लिए इतने बिट का बजट (100,000 कुंजियों के लिए 10 बिट प्रति कुंजी = 1,000,000 बिट)।</translation>
    </message>
    <message>
        <source>Memory budget of every filter: bits (958506, 1e6) or bytes (120KiB, 1MB). Layouts round up to their granularity; the table shows what each really uses.</source>
        <translation>हर फ़िल्टर का मेमोरी बजट: बिट (958506, 1e6) या बाइट (120KiB, 1MB)। लेआउट अपनी ग्रैन्युलैरिटी तक ऊपर पूर्णांकित होते हैं; तालिका दिखाती है कि हर एक वास्तव में कितना उपयोग करता है।</translation>
    </message>
    <message>
        <source>Bits per key of every filter (10, 9.6): the budget is this times the keys. Layouts round up to their granularity; the table shows what each really uses.</source>
        <translation>हर फ़िल्टर के लिए बिट प्रति कुंजी (10, 9.6): बजट = यह मान × कुंजियाँ। लेआउट अपनी ग्रैन्युलैरिटी तक ऊपर पूर्णांकित होते हैं; तालिका दिखाती है कि हर एक वास्तव में कितना उपयोग करता है।</translation>
    </message>
    <message>
        <source>Absent keys queried per filter to measure the FPR and the lookup time.</source>
        <translation>FPR और लुकअप समय मापने के लिए हर फ़िल्टर से पूछी जाने वाली अनुपस्थित कुंजियाँ।</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>तुलना करें(&amp;C)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>रद्द करें</translation>
    </message>
    <message>
        <source>bits per key</source>
        <translation>बिट प्रति कुंजी</translation>
    </message>
    <message>
        <source>measured FPR</source>
        <translation>मापा गया FPR</translation>
    </message>
    <message>
        <source>build time (ms)</source>
        <translation>बिल्ड समय (ms)</translation>
    </message>
    <message>
        <source>lookup time (ns)</source>
        <translation>लुकअप समय (ns)</translation>
    </message>
    <message>
        <source>What the bar chart shows.</source>
        <translation>बार चार्ट क्या दिखाता है।</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>कुंजियाँ</translation>
    </message>
    <message>
        <source>Memory budget</source>
        <translation>मेमोरी बजट</translation>
    </message>
    <message>
        <source>Absent queries</source>
        <translation>अनुपस्थित क्वेरी</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>चार्ट</translation>
    </message>
    <message>
        <source>filter</source>
        <translation>फ़िल्टर</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>मेमोरी</translation>
    </message>
    <message>
        <source>measured FPR
[95 % CI]</source>
        <translation>मापा गया FPR
[95 % CI]</translation>
    </message>
    <message>
        <source>expected
FPR</source>
        <translation>अपेक्षित
FPR</translation>
    </message>
    <message>
        <source>build
(ms)</source>
        <translation>बिल्ड
(ms)</translation>
    </message>
    <message>
        <source>lookup
(ns)</source>
        <translation>लुकअप
(ns)</translation>
    </message>
    <message>
        <source>failed
inserts</source>
        <translation>विफल
इंसर्शन</translation>
    </message>
    <message>
        <source>Filters at the same memory budget</source>
        <translation>समान मेमोरी बजट पर फ़िल्टर</translation>
    </message>
    <message>
        <source>%1 bits per key of %2 keys is too large a budget</source>
        <translation>%2 कुंजियों के लिए %1 बिट प्रति कुंजी बहुत बड़ा बजट है</translation>
    </message>
    <message>
        <source>%1 bits per key</source>
        <translation>%1 बिट प्रति कुंजी</translation>
    </message>
    <message>
        <source>%1 bits</source>
        <translation>%1 बिट</translation>
    </message>
    <message>
        <source>keys must be at most %1 here; got %2</source>
        <translation>यहाँ कुंजियाँ अधिकतम %1 हो सकती हैं; मिला %2</translation>
    </message>
    <message>
        <source>absent queries must be at most %1 here; got %2</source>
        <translation>यहाँ अनुपस्थित क्वेरी अधिकतम %1 हो सकती हैं; मिला %2</translation>
    </message>
    <message>
        <source>the memory budget must be at most 2 GiB here; got %1</source>
        <translation>यहाँ मेमोरी बजट अधिकतम 2 GiB हो सकता है; मिला %1</translation>
    </message>
    <message>
        <source>not valid: %1 of %2 inserts failed (full)</source>
        <translation>अमान्य: %2 में से %1 इंसर्शन विफल (फ़िल्टर भरा)</translation>
    </message>
    <message>
        <source>%1 [%2 – %3]</source>
        <translation>%1 [%2 – %3]</translation>
    </message>
    <message>
        <source>Not built (the budget is too small; the table says how much each needs): %1.</source>
        <translation>नहीं बना (बजट बहुत छोटा है; तालिका बताती है कि हर एक को कितना चाहिए): %1।</translation>
    </message>
    <message>
        <source>No FPR for %1: inserts failed (the filter is full).</source>
        <translation>%1 के लिए कोई FPR नहीं: इंसर्शन विफल रहे (फ़िल्टर भरा है)।</translation>
    </message>
    <message>
        <source>Comparison cancelled.</source>
        <translation>तुलना रद्द की गई।</translation>
    </message>
    <message>
        <source>Comparison done.</source>
        <translation>तुलना पूरी हुई।</translation>
    </message>
    <message>
        <source>(run the comparison)</source>
        <translation>(तुलना चलाएँ)</translation>
    </message>
    <message>
        <source>(no filter to show: see the table)</source>
        <translation>(दिखाने के लिए कोई फ़िल्टर नहीं: तालिका देखें)</translation>
    </message>
    <message>
        <source>%1 — every filter at the same memory budget (%2), same %3 keys</source>
        <translation>%1 — हर फ़िल्टर समान मेमोरी बजट (%2) पर, वही %3 कुंजियाँ</translation>
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
        <translation>256 बिट के %1 ब्लॉक; हर 32-बिट वर्ड में एक बिट</translation>
    </message>
    <message>
        <source>%1 lines of 128 four-bit counters (4× the memory of bits)</source>
        <translation>128 चार-बिट काउंटरों की %1 लाइनें (बिट की तुलना में 4× मेमोरी)</translation>
    </message>
    <message>
        <source>first layer at p0 = p·(1 − r) = %1; layers grow ×%2</source>
        <translation>पहला स्तर p0 = p·(1 − r) = %1 पर; स्तर ×%2 बढ़ते हैं</translation>
    </message>
    <message>
        <source>%1 buckets × 4 slots of %2-bit fingerprints</source>
        <translation>%1 बकेट × %2-बिट फ़िंगरप्रिंट के 4 स्लॉट</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::FalsePositivePanel</name>
    <message>
        <source>Keys inserted</source>
        <translation>डाली गई कुंजियाँ</translation>
    </message>
    <message>
        <source>Items in the filter (successful inserts).</source>
        <translation>फ़िल्टर में आइटम (सफल इंसर्शन)।</translation>
    </message>
    <message>
        <source>Absent keys tested</source>
        <translation>जाँची गई अनुपस्थित कुंजियाँ</translation>
    </message>
    <message>
        <source>Generated keys that were never inserted, queried since the filter last changed.</source>
        <translation>बनाई गई कुंजियाँ जो कभी डाली नहीं गईं, फ़िल्टर के पिछले बदलाव के बाद से पूछी गईं।</translation>
    </message>
    <message>
        <source>False positives</source>
        <translation>फ़ाल्स पॉज़िटिव</translation>
    </message>
    <message>
        <source>Absent keys the filter answered &quot;maybe&quot; for.</source>
        <translation>अनुपस्थित कुंजियाँ जिनके लिए फ़िल्टर ने &quot;संभवतः&quot; कहा।</translation>
    </message>
    <message>
        <source>Observed FPR</source>
        <translation>देखा गया FPR</translation>
    </message>
    <message>
        <source>
In brackets: 95 % Wilson confidence interval.</source>
        <translation>
कोष्ठक में: 95 % Wilson विश्वास अंतराल।</translation>
    </message>
    <message>
        <source>Your queries</source>
        <translation>आपकी क्वेरी</translation>
    </message>
    <message>
        <source>Keys you queried in the key field that were never inserted, and how many of them the filter answered &quot;maybe&quot; for: known false positives. Counted apart from the generated keys above.</source>
        <translation>कुंजी फ़ील्ड में आपके द्वारा पूछी गई वे कुंजियाँ जो कभी डाली नहीं गईं, और उनमें से कितनी के लिए फ़िल्टर ने &quot;संभवतः&quot; कहा: ज्ञात फ़ाल्स पॉज़िटिव। ऊपर की बनाई गई कुंजियों से अलग गिनी जाती हैं।</translation>
    </message>
    <message>
        <source>Expected FPR now</source>
        <translation>अभी अपेक्षित FPR</translation>
    </message>
    <message>
        <source>
Estimated by the filter from its current fill.</source>
        <translation>
फ़िल्टर ने अपने मौजूदा भराव से अनुमान लगाया।</translation>
    </message>
    <message>
        <source>Theory at this fill</source>
        <translation>इस भराव पर सिद्धांत</translation>
    </message>
    <message>
        <source>
The formula for this layout at the current number of items.</source>
        <translation>
इस लेआउट का सूत्र, मौजूदा आइटम संख्या पर।</translation>
    </message>
    <message>
        <source>Fill ratio</source>
        <translation>भराव अनुपात</translation>
    </message>
    <message>
        <source>Estimated items</source>
        <translation>अनुमानित आइटम</translation>
    </message>
    <message>
        <source>How many new absent keys one test queries.</source>
        <translation>एक परीक्षण कितनी नई अनुपस्थित कुंजियाँ पूछता है।</translation>
    </message>
    <message>
        <source>&amp;Test absent keys</source>
        <translation>अनुपस्थित कुंजियाँ जाँचें(&amp;T)</translation>
    </message>
    <message>
        <source>Query that many keys that were never inserted and count the &quot;maybe&quot; answers (Ctrl+T).</source>
        <translation>इतनी कुंजियाँ पूछें जो कभी डाली नहीं गईं और &quot;संभवतः&quot; उत्तर गिनें (Ctrl+T)।</translation>
    </message>
    <message>
        <source>&amp;Fill to 2n and measure</source>
        <translation>2n तक भरें और मापें(&amp;F)</translation>
    </message>
    <message>
        <source>Insert generated keys up to twice the capacity, measuring the FPR at 16 steps on a worker thread: watch it climb past n.</source>
        <translation>क्षमता के दोगुने तक बनाई गई कुंजियाँ डालें, और वर्कर थ्रेड पर 16 चरणों में FPR मापें: देखें कि n के बाद यह कैसे बढ़ता है।</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>रद्द करें</translation>
    </message>
    <message>
        <source>FPR against items inserted</source>
        <translation>डाले गए आइटम के सापेक्ष FPR</translation>
    </message>
    <message>
        <source>theory</source>
        <translation>सिद्धांत</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>मापा गया</translation>
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
        <translation>%1 आइटम: %3 में से %2 अनुपस्थित कुंजियाँ फ़ाल्स पॉज़िटिव थीं
FPR %4 (95 % CI %5 – %6)</translation>
    </message>
    <message>
        <source>%1 (%2 %)</source>
        <translation>%1 (%2 %)</translation>
    </message>
    <message>
        <source>FPR against items inserted&lt;br&gt;(%1, n = %2, p = %3)</source>
        <translation>डाले गए आइटम के सापेक्ष FPR&lt;br&gt;(%1, n = %2, p = %3)</translation>
    </message>
    <message>
        <source>The new parameters were not built (see Derived). Still showing the previous filter (%1, n = %2, p = %3).</source>
        <translation>नए पैरामीटर से फ़िल्टर नहीं बना (व्युत्पन्न देखें)। अब भी पिछला फ़िल्टर दिखाया जा रहा है (%1, n = %2, p = %3)।</translation>
    </message>
    <message>
        <source>%1  [%2 – %3]</source>
        <translation>%1  [%2 – %3]</translation>
    </message>
    <message>
        <source>– (test some absent keys)</source>
        <translation>– (कुछ अनुपस्थित कुंजियाँ जाँचें)</translation>
    </message>
    <message>
        <source>%1 (filling…)</source>
        <translation>%1 (भर रहा है…)</translation>
    </message>
    <message>
        <source>A background job is using the filter…</source>
        <translation>एक बैकग्राउंड जॉब फ़िल्टर का उपयोग कर रहा है…</translation>
    </message>
    <message>
        <source>  (over capacity!)</source>
        <translation>  (क्षमता से अधिक!)</translation>
    </message>
    <message>
        <source>%1 at %2 items</source>
        <translation>%2 आइटम पर %1</translation>
    </message>
    <message>
        <source>∞ (every bit set)</source>
        <translation>∞ (हर बिट सेट)</translation>
    </message>
    <message>
        <source>The inserted keys are not all known (loaded file or very many keys): absent keys are generated with the prefix &quot;%1&quot; and assumed absent.</source>
        <translation>डाली गई सभी कुंजियाँ ज्ञात नहीं हैं (लोड की गई फ़ाइल या बहुत अधिक कुंजियाँ): अनुपस्थित कुंजियाँ &quot;%1&quot; प्रीफ़िक्स के साथ बनाई जाती हैं और अनुपस्थित मानी जाती हैं।</translation>
    </message>
    <message>
        <source>Absent keys are generated (&quot;%1…&quot;) and checked against every inserted key, so a &quot;maybe&quot; for them is a real false positive.</source>
        <translation>अनुपस्थित कुंजियाँ बनाई जाती हैं (&quot;%1…&quot;) और हर डाली गई कुंजी से मिलाकर जाँची जाती हैं, इसलिए उनके लिए &quot;संभवतः&quot; एक वास्तविक फ़ाल्स पॉज़िटिव है।</translation>
    </message>
    <message>
        <source>– (query a key that was not inserted)</source>
        <translation>– (कोई ऐसी कुंजी पूछें जो डाली नहीं गई)</translation>
    </message>
    <message>
        <source>– (the inserted keys are not known)</source>
        <translation>– (डाली गई कुंजियाँ ज्ञात नहीं हैं)</translation>
    </message>
    <message>
        <source>1 false positive</source>
        <translation>1 फ़ाल्स पॉज़िटिव</translation>
    </message>
    <message>
        <source>%1 false positives</source>
        <translation>%1 फ़ाल्स पॉज़िटिव</translation>
    </message>
    <message>
        <source>1 absent query</source>
        <translation>1 अनुपस्थित क्वेरी</translation>
    </message>
    <message>
        <source>%1 absent queries</source>
        <translation>%1 अनुपस्थित क्वेरी</translation>
    </message>
    <message>
        <source>manual: %1 of %2</source>
        <translation>मैनुअल: %2 में से %1</translation>
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
        <translation>- डाली गई कुंजियाँ: %1
- जाँची गई अनुपस्थित कुंजियाँ: %2
- फ़ाल्स पॉज़िटिव: %3
- देखा गया FPR [95 % CI]: %4
- अभी अपेक्षित FPR (भराव से): %5
- सिद्धांत: %6
- भराव अनुपात: %7
- अनुमानित आइटम: %8
- आपकी क्वेरी: %9</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::FilterProbe</name>
    <message>
        <source>Classic Bloom</source>
        <translation>क्लासिक Bloom</translation>
    </message>
    <message>
        <source>Blocked Bloom (Parquet SBBF)</source>
        <translation>ब्लॉक्ड Bloom (Parquet SBBF)</translation>
    </message>
    <message>
        <source>Counting Bloom</source>
        <translation>काउंटिंग Bloom</translation>
    </message>
    <message>
        <source>Scalable Bloom</source>
        <translation>स्केलेबल Bloom</translation>
    </message>
    <message>
        <source>Cuckoo</source>
        <translation>Cuckoo</translation>
    </message>
    <message>
        <source>bit</source>
        <translation>बिट</translation>
    </message>
    <message>
        <source>counter</source>
        <translation>काउंटर</translation>
    </message>
    <message>
        <source>slot</source>
        <translation>स्लॉट</translation>
    </message>
    <message>
        <source>Choose a text file with one key per line.</source>
        <translation>प्रति पंक्ति एक कुंजी वाली टेक्स्ट फ़ाइल चुनें।</translation>
    </message>
    <message>
        <source>“%1” is a symbolic link to nothing (its target does not exist). %2</source>
        <translation>“%1” एक ऐसा सिम्बॉलिक लिंक है जिसका लक्ष्य मौजूद नहीं है। %2</translation>
    </message>
    <message>
        <source>“%1” does not exist. %2</source>
        <translation>“%1” मौजूद नहीं है। %2</translation>
    </message>
    <message>
        <source>a folder</source>
        <translation>एक फ़ोल्डर</translation>
    </message>
    <message>
        <source>a device</source>
        <translation>एक डिवाइस</translation>
    </message>
    <message>
        <source>a named pipe (FIFO)</source>
        <translation>एक नामित पाइप (FIFO)</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>एक सॉकेट</translation>
    </message>
    <message>
        <source>“%1” is %2, not a regular file. %3</source>
        <translation>“%1” %2 है, साधारण फ़ाइल नहीं। %3</translation>
    </message>
    <message>
        <source>You have no permission to read “%1”. %2</source>
        <translation>आपको “%1” पढ़ने की अनुमति नहीं है। %2</translation>
    </message>
    <message>
        <source>“%1” is not a regular file. %2</source>
        <translation>“%1” साधारण फ़ाइल नहीं है। %2</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::FilterSession</name>
    <message>
        <source>this filter needs %1; the explorer allocates at most %2. The Calculator tab sizes filters of any size.</source>
        <translation>इस फ़िल्टर को %1 चाहिए; एक्सप्लोरर अधिकतम %2 आवंटित करता है। कैलकुलेटर टैब किसी भी आकार के फ़िल्टर का आकार तय करता है।</translation>
    </message>
    <message>
        <source>Not enough memory for this filter.</source>
        <translation>इस फ़िल्टर के लिए पर्याप्त मेमोरी नहीं है।</translation>
    </message>
    <message>
        <source>Inserting keys from %1</source>
        <translation>%1 से कुंजियाँ डाली जा रही हैं</translation>
    </message>
    <message>
        <source>Inserted %1 keys</source>
        <translation>%1 कुंजियाँ डाली गईं</translation>
    </message>
    <message>
        <source>Inserted %1 keys from %2</source>
        <translation>%2 से %1 कुंजियाँ डाली गईं</translation>
    </message>
    <message>
        <source> (%1 refused: the filter is full)</source>
        <translation> (%1 अस्वीकृत: फ़िल्टर भरा है)</translation>
    </message>
    <message>
        <source> — cancelled</source>
        <translation> — रद्द किया गया</translation>
    </message>
    <message>
        <source>Error after %1 keys: %2</source>
        <translation>%1 कुंजियों के बाद त्रुटि: %2</translation>
    </message>
    <message>
        <source>Filling to %1 items</source>
        <translation>%1 आइटम तक भरा जा रहा है</translation>
    </message>
    <message>
        <source>%1 items</source>
        <translation>%1 आइटम</translation>
    </message>
    <message>
        <source>Filled to %1 items</source>
        <translation>%1 आइटम तक भरा गया</translation>
    </message>
    <message>
        <source> — the filter refused an insert (full)</source>
        <translation> — फ़िल्टर ने एक इंसर्शन अस्वीकार किया (भरा है)</translation>
    </message>
    <message>
        <source>a background job is still running; cancel it first</source>
        <translation>एक बैकग्राउंड जॉब अभी चल रहा है; पहले उसे रद्द करें</translation>
    </message>
    <message>
        <source>Tier %1 added after %2 items: tier %3 was full, so a new table for %4 more items with %5-bit fingerprints takes the next keys (its share of p: %6). Lookups now ask %7 tables; the compounded FPR bound is %8, below p = %9.</source>
        <translation>%2 आइटम के बाद टियर %1 जोड़ा गया: टियर %3 भर गया था, इसलिए अगली कुंजियाँ अब एक नई तालिका में जाती हैं, जिसमें %5-बिट फ़िंगरप्रिंट वाले %4 और आइटम आ सकते हैं (p में उसका हिस्सा: %6)। अब लुकअप %7 तालिकाओं में देखते हैं; कुल FPR की ऊपरी सीमा %8 है, जो p = %9 से कम है।</translation>
    </message>
    <message>
        <source>the %1 threshold was reached (fill %2, estimated FPR %3, %4 failed inserts)</source>
        <translation>%1 थ्रेशोल्ड पूरा हुआ (भराव %2, अनुमानित FPR %3, %4 विफल इंसर्शन)</translation>
    </message>
    <message>
        <source>At %1 items %2, but the explorer does not know every key of this filter (a loaded file, or more keys than it remembers), so it cannot rebuild it: a rebuild needs every key.</source>
        <translation>%1 आइटम पर %2, लेकिन एक्सप्लोरर इस फ़िल्टर की हर कुंजी नहीं जानता (लोड की गई फ़ाइल, या उसकी याद रखने की क्षमता से ज़्यादा कुंजियाँ), इसलिए वह इसका पुनर्निर्माण नहीं कर सकता: पुनर्निर्माण के लिए हर कुंजी चाहिए।</translation>
    </message>
    <message>
        <source>the larger filter would need more than the explorer allocates</source>
        <translation>बड़े फ़िल्टर को एक्सप्लोरर द्वारा आवंटित मेमोरी से अधिक चाहिए होगा</translation>
    </message>
    <message>
        <source>At %1 items %2, but the filter cannot be rebuilt larger: %3</source>
        <translation>%1 आइटम पर %2, लेकिन फ़िल्टर का बड़े आकार में पुनर्निर्माण नहीं हो सकता: %3</translation>
    </message>
    <message>
        <source>Rebuild %1 at %2 items: %3. A filter for %4 items was built from the %5 keys the explorer knows (%6 → %7); the estimated FPR drops from %8 to %9.</source>
        <translation>पुनर्निर्माण %1, %2 आइटम पर: %3। एक्सप्लोरर को ज्ञात %5 कुंजियों से %4 आइटम के लिए फ़िल्टर बनाया गया (%6 → %7); अनुमानित FPR %8 से घटकर %9 हो जाता है।</translation>
    </message>
    <message numerus="yes">
        <source> — %n growth step(s); see the parameter panel</source>
        <translation>
            <numerusform> — %n वृद्धि चरण; पैरामीटर पैनल देखें</numerusform>
            <numerusform> — %n वृद्धि चरण; पैरामीटर पैनल देखें</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::Glossary</name>
    <message>
        <source>n — expected number of items (capacity).
The filter is sized so that after n inserts the false-positive rate is p. Inserting more still works, but the FPR climbs fast.</source>
        <translation>n — आइटम की अपेक्षित संख्या (क्षमता)।
फ़िल्टर का आकार ऐसे तय होता है कि n इंसर्शन के बाद फ़ाल्स-पॉज़िटिव दर p हो। इससे अधिक डालना फिर भी काम करता है, लेकिन FPR तेज़ी से बढ़ता है।</translation>
    </message>
    <message>
        <source>p — target false-positive probability at n items.
A query for a key that was never inserted answers &quot;maybe&quot; with probability about p. Each factor of 10 smaller costs about 4.8 more bits per item.</source>
        <translation>p — n आइटम पर लक्ष्य फ़ाल्स-पॉज़िटिव प्रायिकता।
कभी न डाली गई कुंजी की क्वेरी लगभग p प्रायिकता से &quot;संभवतः&quot; उत्तर देती है। इसे 10 गुना छोटा करने पर प्रति आइटम लगभग 4.8 बिट अधिक लगते हैं।</translation>
    </message>
    <message>
        <source>m — size of the filter in bits.
Classic Bloom: m = −n·ln p / (ln 2)², about 9.6 bits per item at p = 1 %.</source>
        <translation>m — फ़िल्टर का आकार बिट में।
क्लासिक Bloom: m = −n·ln p / (ln 2)², p = 1 % पर लगभग 9.6 बिट प्रति आइटम।</translation>
    </message>
    <message>
        <source>k — number of hash positions per key.
Optimal k = (m/n)·ln 2, rounded to the nearest whole number. Every insert sets k bits; every query checks k bits.</source>
        <translation>k — प्रति कुंजी हैश पोज़िशन की संख्या।
इष्टतम k = (m/n)·ln 2, निकटतम पूर्ण संख्या तक पूर्णांकित। हर इंसर्शन k बिट सेट करता है; हर क्वेरी k बिट जाँचती है।</translation>
    </message>
    <message>
        <source>FPR — false-positive rate: the share of absent keys the filter wrongly answers &quot;maybe&quot; for.
Expected after n items: (1 − e^(−k·n/m))^k. A filter never gives a false &quot;no&quot;: &quot;definitely not&quot; is always right.</source>
        <translation>FPR — फ़ाल्स-पॉज़िटिव दर: अनुपस्थित कुंजियों का वह हिस्सा जिनके लिए फ़िल्टर गलती से &quot;संभवतः&quot; कहता है।
n आइटम के बाद अपेक्षित: (1 − e^(−k·n/m))^k। फ़िल्टर कभी गलत &quot;नहीं&quot; नहीं देता: &quot;निश्चित रूप से नहीं&quot; हमेशा सही होता है।</translation>
    </message>
    <message>
        <source>Bits per item = m / n: the memory the filter spends per key. No filter can do with fewer than log2(1/p) bits per key (6.6 at p = 1 %); a classic Bloom filter needs about 1.44 times that.</source>
        <translation>बिट प्रति आइटम = m / n: फ़िल्टर हर कुंजी पर जितनी मेमोरी खर्च करता है। कोई भी फ़िल्टर प्रति कुंजी log2(1/p) बिट से कम में काम नहीं कर सकता (p = 1 % पर 6.6); क्लासिक Bloom फ़िल्टर को इसका लगभग 1.44 गुना चाहिए।</translation>
    </message>
    <message>
        <source>Fill ratio — share of bits that are 1 (counters that are non-zero, slots that are occupied). A well-sized Bloom filter is about half full at n items.</source>
        <translation>भराव अनुपात — 1 वाले बिट का हिस्सा (शून्य से अलग काउंटर, भरे हुए स्लॉट)। सही आकार का Bloom फ़िल्टर n आइटम पर लगभग आधा भरा होता है।</translation>
    </message>
    <message>
        <source>Estimated items — how many keys the filter holds, worked out from how many of its bits are 1: −(m/k)·ln(1 − X/m), where X is the number of bits that are 1. Useful when the real count is unknown, e.g. for a filter loaded from a file.</source>
        <translation>अनुमानित आइटम — फ़िल्टर में कितनी कुंजियाँ हैं, यह इस से निकाला जाता है कि उसके कितने बिट 1 हैं: −(m/k)·ln(1 − X/m), जहाँ X 1 वाले बिट की संख्या है। तब उपयोगी जब असली गिनती अज्ञात हो, जैसे फ़ाइल से लोड किए गए फ़िल्टर के लिए।</translation>
    </message>
    <message>
        <source>Hot ratio — in the benchmark, the share of queries for keys that really are in the data (&quot;hot&quot;).
The other queries (&quot;cold&quot;) ask for keys that are not there: the filter says &quot;definitely not&quot; for almost all of them, so the slow lookup in the data is skipped. The lower the hot ratio, the larger the speedup.</source>
        <translation>हॉट अनुपात — बेंचमार्क में उन क्वेरी का हिस्सा जिनकी कुंजियाँ सचमुच डेटा में हैं (&quot;हॉट&quot;)।
बाकी क्वेरी (&quot;कोल्ड&quot;) ऐसी कुंजियाँ माँगती हैं जो वहाँ नहीं हैं: उनमें से लगभग सभी के लिए फ़िल्टर &quot;निश्चित रूप से नहीं&quot; कहता है, इसलिए डेटा में धीमा लुकअप छोड़ दिया जाता है। हॉट अनुपात जितना कम, स्पीडअप उतना अधिक।</translation>
    </message>
    <message>
        <source>Backend — the slow store the filter sits in front of in the benchmark: scan (reads all 100,000 phrases one by one, the slowest), hash (a hash-table lookup), sqlite (a query on an indexed database table), latency (a fixed wait per lookup, like asking a server over the network).</source>
        <translation>बैकएंड — वह धीमा स्टोर जिसके आगे बेंचमार्क में फ़िल्टर रखा जाता है: स्कैन (सभी 100,000 वाक्यांश एक-एक करके पढ़ता है, सबसे धीमा), हैश टेबल (हैश-टेबल लुकअप), SQLite (इंडेक्स वाली डेटाबेस तालिका पर क्वेरी), तय लेटेंसी (हर लुकअप पर तय प्रतीक्षा, जैसे नेटवर्क पर सर्वर से पूछना)।</translation>
    </message>
    <message>
        <source>Filter type:
• classic — one array of bits, k bits per key
• blocked — all 8 bits of a key in one 256-bit block, so a lookup touches memory once (the layout Parquet files use); a slightly higher FPR
• counting — a 4-bit counter instead of each bit: it can delete, and needs 4 times the memory of a classic filter with as many cells
• scalable — adds a larger filter each time the last one is full, so the overall FPR stays within p
• cuckoo — keeps a short fingerprint of each key in one of two buckets; it can delete, and it is smaller than a Bloom filter when p is low</source>
        <translation>फ़िल्टर प्रकार:
• क्लासिक — बिट का एक ऐरे, प्रति कुंजी k बिट
• ब्लॉक्ड — एक कुंजी के सभी 8 बिट एक 256-बिट ब्लॉक में, इसलिए लुकअप मेमोरी को एक ही बार छूता है (Parquet फ़ाइलों का लेआउट); FPR थोड़ा अधिक
• काउंटिंग — हर बिट की जगह 4-बिट काउंटर: यह डिलीट कर सकता है, और उतने ही सेल वाले क्लासिक फ़िल्टर से 4 गुना मेमोरी लेता है
• स्केलेबल — पिछला फ़िल्टर भरने पर हर बार एक बड़ा फ़िल्टर जोड़ता है, ताकि कुल FPR p के भीतर रहे
• Cuckoo — हर कुंजी का छोटा फ़िंगरप्रिंट दो में से एक बकेट में रखता है; यह डिलीट कर सकता है, और p कम होने पर Bloom फ़िल्टर से छोटा होता है</translation>
    </message>
    <message>
        <source>Glossary</source>
        <translation>शब्दावली</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::KeyEdit</name>
    <message numerus="yes">
        <source>%n leading space(s)</source>
        <translation>
            <numerusform>शुरुआत में %n स्पेस</numerusform>
            <numerusform>शुरुआत में %n स्पेस</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n trailing space(s)</source>
        <translation>
            <numerusform>अंत में %n स्पेस</numerusform>
            <numerusform>अंत में %n स्पेस</numerusform>
        </translation>
    </message>
    <message>
        <source> and </source>
        <translation> और </translation>
    </message>
    <message>
        <source>The key has %1: they are part of the key (&quot;%2&quot; and &quot;%3&quot; are different keys).</source>
        <translation>कुंजी में %1 है: ये कुंजी का हिस्सा हैं (&quot;%2&quot; और &quot;%3&quot; अलग-अलग कुंजियाँ हैं)।</translation>
    </message>
    <message>
        <source>%1 ignored here: the word is &quot;%2&quot;.</source>
        <translation>%1 को यहाँ अनदेखा किया गया: शब्द &quot;%2&quot; है।</translation>
    </message>
    <message>
        <source>(%1)</source>
        <translation>(%1)</translation>
    </message>
    <message>
        <source>The key %1 has %2 (shown as · for a space, → for a tab): they are part of the key, so it is not the same key as “%3”.</source>
        <translation>कुंजी %1 में %2 है (स्पेस · के रूप में और टैब → के रूप में दिखाया गया है): ये कुंजी का हिस्सा हैं, इसलिए यह “%3” वाली कुंजी से अलग है।</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::LanguageMenu</name>
    <message>
        <source>BloomLab will be in %1 from its next start.</source>
        <translation>अगली बार शुरू होने पर BloomLab %1 में दिखेगा।</translation>
    </message>
    <message>
        <source>Restart Now</source>
        <translation>अभी रीस्टार्ट करें</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>बाद में</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>भाषा</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>भाषा(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;System (%1)</source>
        <translation>सिस्टम (%1)(&amp;S)</translation>
    </message>
    <message>
        <source>Takes effect when BloomLab starts again</source>
        <translation>BloomLab के फिर से शुरू होने पर लागू होगा</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::LogSliderField</name>
    <message>
        <source>%1 must be between %2 and %3 here; got %4</source>
        <translation>%1 यहाँ %2 और %3 के बीच होना चाहिए; मिला %4</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::MainWindow</name>
    <message>
        <source>Parameters</source>
        <translation>पैरामीटर</translation>
    </message>
    <message>
        <source>key to insert or query, e.g. https://example.com</source>
        <translation>डालने या पूछने के लिए कुंजी, जैसे https://example.com</translation>
    </message>
    <message>
        <source>&amp;Insert</source>
        <translation>डालें(&amp;I)</translation>
    </message>
    <message>
        <source>Insert the key into the filter (Enter). Its k positions are highlighted.</source>
        <translation>कुंजी को फ़िल्टर में डालें (Enter)। इसकी k पोज़िशन हाइलाइट होती हैं।</translation>
    </message>
    <message>
        <source>&amp;Query</source>
        <translation>क्वेरी(&amp;Q)</translation>
    </message>
    <message>
        <source>Ask the filter about the key (Ctrl+Enter): &quot;definitely not&quot; or &quot;maybe&quot;.</source>
        <translation>फ़िल्टर से कुंजी के बारे में पूछें (Ctrl+Enter): &quot;निश्चित रूप से नहीं&quot; या &quot;संभवतः&quot;।</translation>
    </message>
    <message>
        <source>Ctrl+Return</source>
        <translation>Ctrl+Return</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>कुंजी</translation>
    </message>
    <message>
        <source>&amp;Explorer</source>
        <translation>एक्सप्लोरर(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Benchmark</source>
        <translation>बेंचमार्क(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Teaching</source>
        <translation>शिक्षण(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Calculator</source>
        <translation>कैलकुलेटर(&amp;C)</translation>
    </message>
    <message>
        <source>C&amp;ompare</source>
        <translation>तुलना(&amp;O)</translation>
    </message>
    <message>
        <source>The live filter: its bits, and the false-positive counter (Ctrl+1).</source>
        <translation>लाइव फ़िल्टर: इसके बिट, और फ़ाल्स-पॉज़िटिव काउंटर (Ctrl+1)।</translation>
    </message>
    <message>
        <source>Speedup of a filter in front of a slow store, against the hot ratio (Ctrl+2).</source>
        <translation>धीमे स्टोर के आगे फ़िल्टर का स्पीडअप, हॉट अनुपात के सापेक्ष (Ctrl+2)।</translation>
    </message>
    <message>
        <source>Step-by-step: add, query, false positives, cuckoo kicks, why no delete (Ctrl+3).</source>
        <translation>चरण-दर-चरण: जोड़ना, क्वेरी, फ़ाल्स पॉज़िटिव, Cuckoo किक, डिलीट क्यों नहीं (Ctrl+3)।</translation>
    </message>
    <message>
        <source>Fix any of n, p, m, k and solve the rest (Ctrl+4).</source>
        <translation>n, p, m, k में से कोई भी तय करें और बाकी हल करें (Ctrl+4)।</translation>
    </message>
    <message>
        <source>Every filter type at the same memory budget (Ctrl+5).</source>
        <translation>हर फ़िल्टर प्रकार समान मेमोरी बजट पर (Ctrl+5)।</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>फ़ाइल(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open Filter…</source>
        <translation>फ़िल्टर खोलें(&amp;O)…</translation>
    </message>
    <message>
        <source>Open filter</source>
        <translation>फ़िल्टर खोलें</translation>
    </message>
    <message>
        <source>Filters and Parquet files (*.blf *.bloom *.parquet);;All files (*)</source>
        <translation>फ़िल्टर और Parquet फ़ाइलें (*.blf *.bloom *.parquet);;सभी फ़ाइलें (*)</translation>
    </message>
    <message>
        <source>Open &amp;Redis Filter…</source>
        <translation>Redis फ़िल्टर खोलें(&amp;R)…</translation>
    </message>
    <message>
        <source>Recent &amp;Files</source>
        <translation>हाल की फ़ाइलें(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Save Filter</source>
        <translation>फ़िल्टर सहेजें(&amp;S)</translation>
    </message>
    <message>
        <source>Save Filter &amp;As…</source>
        <translation>फ़िल्टर इस रूप में सहेजें(&amp;A)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>Save filter</source>
        <translation>फ़िल्टर सहेजें</translation>
    </message>
    <message>
        <source>BloomLab filters (*.blf);;All files (*)</source>
        <translation>BloomLab फ़िल्टर (*.blf);;सभी फ़ाइलें (*)</translation>
    </message>
    <message>
        <source>&amp;Insert Keys from File…</source>
        <translation>फ़ाइल से कुंजियाँ डालें(&amp;I)…</translation>
    </message>
    <message>
        <source>Ctrl+I</source>
        <translation>Ctrl+I</translation>
    </message>
    <message>
        <source>Insert keys (one per line)</source>
        <translation>कुंजियाँ डालें (प्रति पंक्ति एक)</translation>
    </message>
    <message>
        <source>Text files (*.txt *.csv *.tsv *.lst);;All files (*)</source>
        <translation>टेक्स्ट फ़ाइलें (*.txt *.csv *.tsv *.lst);;सभी फ़ाइलें (*)</translation>
    </message>
    <message>
        <source>Export Benchmark &amp;CSV…</source>
        <translation>बेंचमार्क CSV एक्सपोर्ट करें(&amp;C)…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export benchmark CSV</source>
        <translation>बेंचमार्क CSV एक्सपोर्ट करें</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export C&amp;hart</source>
        <translation>चार्ट एक्सपोर्ट करें(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Speedup Chart…</source>
        <translation>स्पीडअप चार्ट(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;False-Positive Chart…</source>
        <translation>फ़ाल्स-पॉज़िटिव चार्ट(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Teaching Bit View…</source>
        <translation>शिक्षण बिट व्यू(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Calculator Chart…</source>
        <translation>कैलकुलेटर चार्ट(&amp;C)…</translation>
    </message>
    <message>
        <source>C&amp;omparison Chart…</source>
        <translation>तुलना चार्ट(&amp;O)…</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>चार्ट एक्सपोर्ट करें</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG इमेज (*.png);;SVG ड्रॉइंग (*.svg)</translation>
    </message>
    <message>
        <source>Chart of the &amp;Current Tab…</source>
        <translation>मौजूदा टैब का चार्ट(&amp;C)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>&amp;Bit Array View…</source>
        <translation>बिट ऐरे व्यू(&amp;B)…</translation>
    </message>
    <message>
        <source>Export bit array</source>
        <translation>बिट ऐरे एक्सपोर्ट करें</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>एक्सपोर्ट विफल</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 सहेजा गया</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>रिपोर्ट एक्सपोर्ट करें(&amp;R)…</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>रिपोर्ट एक्सपोर्ट करें</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>बाहर निकलें(&amp;Q)</translation>
    </message>
    <message>
        <source>F&amp;ilter</source>
        <translation>फ़िल्टर(&amp;I)</translation>
    </message>
    <message>
        <source>Focus &amp;Key Field</source>
        <translation>कुंजी फ़ील्ड पर जाएँ(&amp;K)</translation>
    </message>
    <message>
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <source>&amp;Test Absent Keys</source>
        <translation>अनुपस्थित कुंजियाँ जाँचें(&amp;T)</translation>
    </message>
    <message>
        <source>Ctrl+T</source>
        <translation>Ctrl+T</translation>
    </message>
    <message>
        <source>&amp;Fill to 2n and Measure</source>
        <translation>2n तक भरें और मापें(&amp;F)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+F</source>
        <translation>Ctrl+Shift+F</translation>
    </message>
    <message>
        <source>&amp;Clear Filter</source>
        <translation>फ़िल्टर साफ़ करें(&amp;C)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+Backspace</source>
        <translation>Ctrl+Shift+Backspace</translation>
    </message>
    <message>
        <source>C&amp;ancel Background Job</source>
        <translation>बैकग्राउंड जॉब रद्द करें(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Run Sweep</source>
        <translation>स्वीप चलाएँ(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Cancel Sweep</source>
        <translation>स्वीप रद्द करें(&amp;C)</translation>
    </message>
    <message>
        <source>Run &amp;Comparison</source>
        <translation>तुलना चलाएँ(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>व्यू(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Fit Bit Array</source>
        <translation>बिट ऐरे फ़िट करें(&amp;F)</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>&amp;Parameters Panel</source>
        <translation>पैरामीटर पैनल(&amp;P)</translation>
    </message>
    <message>
        <source>Ctrl+P</source>
        <translation>Ctrl+P</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>सहायता(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Glossary</source>
        <translation>शब्दावली(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>कीबोर्ड शॉर्टकट(&amp;K)</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>कीबोर्ड शॉर्टकट</translation>
    </message>
    <message>
        <source>&amp;About BloomLab</source>
        <translation>BloomLab के बारे में(&amp;A)</translation>
    </message>
    <message>
        <source>About BloomLab</source>
        <translation>BloomLab के बारे में</translation>
    </message>
    <message>
        <source>&lt;h3&gt;BloomLab %1&lt;/h3&gt;&lt;p&gt;An explorer for approximate-membership filters: classic, blocked, counting, scalable Bloom and cuckoo filters. Tune n and p, watch the bits, count false positives, benchmark the speedup in front of a slow store, and walk through the algorithms step by step.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;BloomLab %1&lt;/h3&gt;&lt;p&gt;अनुमानित सदस्यता (approximate membership) फ़िल्टरों का एक्सप्लोरर: क्लासिक, ब्लॉक्ड, काउंटिंग, स्केलेबल Bloom और Cuckoo फ़िल्टर। n और p को ट्यून करें, बिट देखें, फ़ाल्स पॉज़िटिव गिनें, धीमे स्टोर के आगे स्पीडअप का बेंचमार्क करें, और एल्गोरिदम को चरण-दर-चरण समझें।&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Working on the filter in the background…</source>
        <translation>बैकग्राउंड में फ़िल्टर पर काम हो रहा है…</translation>
    </message>
    <message>
        <source>No filter</source>
        <translation>कोई फ़िल्टर नहीं</translation>
    </message>
    <message>
        <source>Explorer set to n = %1, p = %2</source>
        <translation>एक्सप्लोरर में n = %1, p = %2 सेट किया गया</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>विंडो</translation>
    </message>
    <message>
        <source>Insert the key in the key field</source>
        <translation>कुंजी फ़ील्ड वाली कुंजी डालें</translation>
    </message>
    <message>
        <source>Bit array</source>
        <translation>बिट ऐरे</translation>
    </message>
    <message>
        <source>Zoom in / out around the cursor</source>
        <translation>कर्सर के आसपास ज़ूम इन / आउट</translation>
    </message>
    <message>
        <source>Wheel, + / −</source>
        <translation>व्हील, + / −</translation>
    </message>
    <message>
        <source>Pan</source>
        <translation>खिसकाएँ</translation>
    </message>
    <message>
        <source>Drag, Up / Down, Page Up / Page Down</source>
        <translation>ड्रैग, Up / Down, Page Up / Page Down</translation>
    </message>
    <message>
        <source>Fit the whole array</source>
        <translation>पूरा ऐरे फ़िट करें</translation>
    </message>
    <message>
        <source>Menus and buttons</source>
        <translation>मेनू और बटन</translation>
    </message>
    <message>
        <source>The item with that underlined letter</source>
        <translation>उस रेखांकित अक्षर वाला आइटम</translation>
    </message>
    <message>
        <source>Alt + underlined letter</source>
        <translation>Alt + रेखांकित अक्षर</translation>
    </message>
    <message>
        <source>Hover: index and value · wheel: zoom · drag: pan · Home: fit</source>
        <translation>होवर: इंडेक्स और मान · व्हील: ज़ूम · ड्रैग: खिसकाएँ · Home: फ़िट</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>बिना नाम</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#c62828&apos;&gt;Type a key first (any text; the empty key is a key too, but not from this field).&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#c62828&apos;&gt;पहले एक कुंजी टाइप करें (कोई भी टेक्स्ट; खाली कुंजी भी एक कुंजी है, लेकिन इस फ़ील्ड से नहीं)।&lt;/span&gt;</translation>
    </message>
    <message>
        <source>The filter refused &quot;%1&quot;: it is full.</source>
        <translation type="vanished">फ़िल्टर ने &quot;%1&quot; अस्वीकार किया: यह भरा है।</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#c62828&apos;&gt;Type a key first.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#c62828&apos;&gt;पहले एक कुंजी टाइप करें।&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Cannot open filter</source>
        <translation>फ़िल्टर नहीं खुल सका</translation>
    </message>
    <message>
        <source>Cannot open %1:
%2</source>
        <translation>%1 नहीं खुल सका:
%2</translation>
    </message>
    <message>
        <source>Opened %1: %2 filter with %3 items</source>
        <translation>%1 खोला गया: %2 फ़िल्टर, %3 आइटम के साथ</translation>
    </message>
    <message>
        <source>Cannot save filter</source>
        <translation>फ़िल्टर सहेजा नहीं जा सका</translation>
    </message>
    <message>
        <source>Cannot save %1:
%2</source>
        <translation>%1 सहेजा नहीं जा सका:
%2</translation>
    </message>
    <message>
        <source>The filter</source>
        <translation>फ़िल्टर</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>बिना सहेजे बदलाव</translation>
    </message>
    <message>
        <source>%1 has changes that are not saved. Save them first?</source>
        <translation>%1 में ऐसे बदलाव हैं जो सहेजे नहीं गए। पहले उन्हें सहेजें?</translation>
    </message>
    <message>
        <source>Windows line ends</source>
        <translation>Windows लाइन एंडिंग</translation>
    </message>
    <message>
        <source>%1 ends its lines with CR LF (Windows line ends: %2). Kept, every key ends in an invisible \r and no key typed in the key field matches it. Strip the \r from the end of each line?</source>
        <translation>%1 अपनी पंक्तियाँ CR LF से समाप्त करता है (Windows लाइन एंडिंग: %2)। यदि रखा जाए, तो हर कुंजी एक अदृश्य \r पर समाप्त होगी और कुंजी फ़ील्ड में टाइप की गई कोई कुंजी उससे मेल नहीं खाएगी। हर पंक्ति के अंत से \r हटाएँ?</translation>
    </message>
    <message>
        <source>1 line</source>
        <translation>1 पंक्ति</translation>
    </message>
    <message>
        <source>%1 lines</source>
        <translation>%1 पंक्तियाँ</translation>
    </message>
    <message>
        <source>%1 lines in its first MiB</source>
        <translation>पहले MiB में %1 पंक्तियाँ</translation>
    </message>
    <message>
        <source>&amp;Strip</source>
        <translation>हटाएँ(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Keep</source>
        <translation>रखें(&amp;K)</translation>
    </message>
    <message>
        <source>Filter cleared.</source>
        <translation>फ़िल्टर साफ़ किया गया।</translation>
    </message>
    <message>
        <source>Recent file missing</source>
        <translation>हाल की फ़ाइल नहीं मिली</translation>
    </message>
    <message>
        <source>%1 no longer exists; it was removed from the recent files.</source>
        <translation>%1 अब मौजूद नहीं है; इसे हाल की फ़ाइलों से हटा दिया गया।</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>(no recent files)</source>
        <translation>(कोई हाल की फ़ाइल नहीं)</translation>
    </message>
    <message>
        <source>&amp;Clear Recent Files</source>
        <translation>हाल की फ़ाइलें साफ़ करें(&amp;C)</translation>
    </message>
    <message>
        <source>Cannot insert keys</source>
        <translation>कुंजियाँ नहीं डाली जा सकीं</translation>
    </message>
    <message>
        <source>Cannot read %1.</source>
        <translation type="vanished">%1 पढ़ा नहीं जा सकता।</translation>
    </message>
    <message>
        <source>Another job is still working on the filter; cancel it first (Esc).</source>
        <translation>एक और जॉब अभी फ़िल्टर पर काम कर रहा है; पहले उसे रद्द करें (Esc)।</translation>
    </message>
    <message>
        <source>Cannot export CSV</source>
        <translation>CSV एक्सपोर्ट नहीं हो सका</translation>
    </message>
    <message>
        <source>Cannot export chart</source>
        <translation>चार्ट एक्सपोर्ट नहीं हो सका</translation>
    </message>
    <message>
        <source>Insert a key to see its k positions light up; query a key to see its answer.</source>
        <translation>कुंजी डालें और उसकी k पोज़िशन जलती देखें; कुंजी पूछें और उसका उत्तर देखें।</translation>
    </message>
    <message>
        <source>Inserted &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; डाला गया</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#c62828&apos;&gt;The filter refused &lt;b&gt;%1&lt;/b&gt; (full)&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#c62828&apos;&gt;फ़िल्टर ने &lt;b&gt;%1&lt;/b&gt; अस्वीकार किया (भरा है)&lt;/span&gt;</translation>
    </message>
    <message>
        <source> — buckets highlighted</source>
        <translation> — बकेट हाइलाइट किए गए</translation>
    </message>
    <message numerus="yes">
        <source>, %n kick(s) drawn as arrows</source>
        <translation>
            <numerusform>, %n किक तीर के रूप में दिखाई गई</numerusform>
            <numerusform>, %n किक तीरों के रूप में दिखाई गईं</numerusform>
        </translation>
    </message>
    <message>
        <source> — positions %1 (green: turned on now, orange: were already set).</source>
        <translation> — पोज़िशन %1 (हरा: अभी चालू हुए, नारंगी: पहले से सेट थे)।</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: &lt;span style=&apos;color:#2e7d32&apos;&gt;&lt;b&gt;definitely not&lt;/b&gt;&lt;/span&gt; in the set — a probed cell is empty (red ring).</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: सेट में &lt;span style=&apos;color:#2e7d32&apos;&gt;&lt;b&gt;निश्चित रूप से नहीं&lt;/b&gt;&lt;/span&gt; — एक जाँचा गया सेल खाली है (लाल घेरा)।</translation>
    </message>
    <message>
        <source>bucket %1, slot %2</source>
        <translation>बकेट %1, स्लॉट %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: &lt;b&gt;maybe&lt;/b&gt; — and it was inserted (true positive). Found at %2.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: &lt;b&gt;संभवतः&lt;/b&gt; — और यह डाला गया था (ट्रू पॉज़िटिव)। %2 पर मिला।</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: &lt;b&gt;maybe&lt;/b&gt; — the inserted keys are not all known, so it cannot be told whether this is a false positive.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: &lt;b&gt;संभवतः&lt;/b&gt; — डाली गई सभी कुंजियाँ ज्ञात नहीं हैं, इसलिए यह नहीं बताया जा सकता कि यह फ़ाल्स पॉज़िटिव है या नहीं।</translation>
    </message>
    <message>
        <source>%1 ← %2</source>
        <translation>%1 ← %2</translation>
    </message>
    <message>
        <source>generated keys</source>
        <translation>बनाई गई कुंजियाँ</translation>
    </message>
    <message>
        <source> Its cells were set by: %1.</source>
        <translation> इसके सेल इनके द्वारा सेट किए गए: %1।</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: &lt;b&gt;maybe&lt;/b&gt; — but it was never inserted: a &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;false positive&lt;/b&gt;&lt;/span&gt;.%2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: &lt;b&gt;संभवतः&lt;/b&gt; — लेकिन यह कभी डाला नहीं गया: एक &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;फ़ाल्स पॉज़िटिव&lt;/b&gt;&lt;/span&gt;।%2</translation>
    </message>
    <message>
        <source>Cannot open Parquet file</source>
        <translation>Parquet फ़ाइल नहीं खुल सकी</translation>
    </message>
    <message>
        <source>Cannot open Parquet filter</source>
        <translation>Parquet फ़िल्टर नहीं खुल सका</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not ROWGROUP:COLUMN (e.g. 0:name)</source>
        <translation>&apos;%1&apos; ROWGROUP:COLUMN नहीं है (जैसे 0:name)</translation>
    </message>
    <message>
        <source>%1 has no column &apos;%2&apos;</source>
        <translation>%1 में कोई कॉलम &apos;%2&apos; नहीं है</translation>
    </message>
    <message>
        <source>Cannot open the bloom filter of row group %1, column %2 of %3:
%4</source>
        <translation>%3 के रो ग्रुप %1, कॉलम %2 का Bloom फ़िल्टर नहीं खुल सका:
%4</translation>
    </message>
    <message>
        <source>Opened %1, row group %2, column %3: %4 blocks, about %5 distinct values</source>
        <translation>%1 खोला गया, रो ग्रुप %2, कॉलम %3: %4 ब्लॉक, लगभग %5 अलग-अलग मान</translation>
    </message>
    <message>
        <source># BloomLab report

</source>
        <translation># BloomLab रिपोर्ट

</translation>
    </message>
    <message>
        <source>Generated %1 by BloomLab %2.

</source>
        <translation>BloomLab %2 द्वारा %1 को बनाई गई।

</translation>
    </message>
    <message>
        <source>## Filter

</source>
        <translation>## फ़िल्टर

</translation>
    </message>
    <message>
        <source>- type: %1
- n (capacity): %2
- p (target FPR): %3
</source>
        <translation>- प्रकार: %1
- n (क्षमता): %2
- p (लक्ष्य FPR): %3
</translation>
    </message>
    <message>
        <source>- m: %1 bits (%2)%3
- k: %4
- bits per item: %5 (lower bound %6)
- expected FPR at n: %7
</source>
        <translation>- m: %1 बिट (%2)%3
- k: %4
- बिट प्रति आइटम: %5 (निचली सीमा %6)
- n पर अपेक्षित FPR: %7
</translation>
    </message>
    <message>
        <source> (estimate)</source>
        <translation> (अनुमान)</translation>
    </message>
    <message>
        <source>
## False-positive counter

%1

</source>
        <translation>
## फ़ाल्स-पॉज़िटिव काउंटर

%1

</translation>
    </message>
    <message>
        <source>| items inserted | absent keys tested | false positives | observed FPR | theory |
|---:|---:|---:|---:|---:|
</source>
        <translation>| डाले गए आइटम | जाँची गई अनुपस्थित कुंजियाँ | फ़ाल्स पॉज़िटिव | देखा गया FPR | सिद्धांत |
|---:|---:|---:|---:|---:|
</translation>
    </message>
    <message>
        <source>FPR against items inserted</source>
        <translation>डाले गए आइटम के सापेक्ष FPR</translation>
    </message>
    <message>
        <source>
## Speedup sweep

backend %1, %2 queries, %3 repeats (median shown), corpus %4 phrases.

</source>
        <translation>
## स्पीडअप स्वीप

बैकएंड %1, %2 क्वेरी, %3 दोहराव (माध्यिका दिखाई गई), कॉर्पस %4 वाक्यांश।

</translation>
    </message>
    <message>
        <source>Speedup against hot ratio</source>
        <translation>हॉट अनुपात के सापेक्ष स्पीडअप</translation>
    </message>
    <message>
        <source>
All repeats: [%1](%1)
</source>
        <translation>
सभी दोहराव: [%1](%1)
</translation>
    </message>
    <message>
        <source>
## Comparison at the same memory budget

</source>
        <translation>
## समान मेमोरी बजट पर तुलना

</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>तुलना</translation>
    </message>
    <message>
        <source>Cannot export report</source>
        <translation>रिपोर्ट एक्सपोर्ट नहीं हो सकी</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="vanished">%1 में लिखा नहीं जा सकता: %2</translation>
    </message>
    <message>
        <source>The filter refused %1: it is full.</source>
        <translation>फ़िल्टर ने %1 अस्वीकार किया: वह भरा है।</translation>
    </message>
    <message>
        <source>&amp;Copy Filter to Redis…</source>
        <translation>फ़िल्टर Redis में कॉपी करें(&amp;C)…</translation>
    </message>
    <message>
        <source>Replace files?</source>
        <translation>फ़ाइलें बदलें?</translation>
    </message>
    <message>
        <source>The report also writes these files in %1, which exist already:

%2

Replace them?</source>
        <translation>रिपोर्ट %1 में ये फ़ाइलें भी लिखती है, जो पहले से मौजूद हैं:

%2

क्या उन्हें बदलें?</translation>
    </message>
    <message>
        <source>&amp;Replace</source>
        <translation>&amp;बदलें</translation>
    </message>
    <message>
        <source>Report not exported: the files next to it were kept.</source>
        <translation>रिपोर्ट निर्यात नहीं हुई: उसके पास की फ़ाइलें रखी गईं।</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::NumberField</name>
    <message>
        <source>“%1” can be read two ways: %2 (“%3” grouping digits) or %4 (“%3” as the decimal point). Type %5 or %6 to say which.</source>
        <translation>“%1” को दो तरह से पढ़ा जा सकता है: %2 (“%3” अंकों के समूह बनाता है) या %4 (“%3” दशमलव बिंदु है)। कौन-सा अर्थ है, यह बताने के लिए %5 या %6 टाइप करें।</translation>
    </message>
    <message>
        <source> (in “%1”)</source>
        <translation> (“%1” में)</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::ParameterPanel</name>
    <message>
        <source>Filter</source>
        <translation>फ़िल्टर</translation>
    </message>
    <message>
        <source>&amp;Type</source>
        <translation>प्रकार(&amp;T)</translation>
    </message>
    <message>
        <source>
Accepts 10000, 1e6, 10k, 2.5M.</source>
        <translation>
10000, 1e6, 10k, 2.5M स्वीकार करता है।</translation>
    </message>
    <message>
        <source>&amp;n (items)</source>
        <translation>&amp;n (आइटम)</translation>
    </message>
    <message>
        <source>
Accepts 0.01, 1e-3, 1/100, 1%.</source>
        <translation>
0.01, 1e-3, 1/100, 1% स्वीकार करता है।</translation>
    </message>
    <message>
        <source>&amp;p (target FPR)</source>
        <translation>&amp;p (लक्ष्य FPR)</translation>
    </message>
    <message>
        <source>Derived</source>
        <translation>व्युत्पन्न</translation>
    </message>
    <message>
        <source>m (bits)</source>
        <translation>m (बिट)</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>मेमोरी</translation>
    </message>
    <message>
        <source>k (hashes)</source>
        <translation>k (हैश)</translation>
    </message>
    <message>
        <source>bits / item</source>
        <translation>बिट / आइटम</translation>
    </message>
    <message>
        <source>expected FPR at n</source>
        <translation>n पर अपेक्षित FPR</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>बेंचमार्क</translation>
    </message>
    <message>
        <source>&amp;Hot ratio</source>
        <translation>हॉट अनुपात(&amp;H)</translation>
    </message>
    <message>
        <source>scan (O(n) search)</source>
        <translation>स्कैन (O(n) खोज)</translation>
    </message>
    <message>
        <source>hash table</source>
        <translation>हैश टेबल</translation>
    </message>
    <message>
        <source>SQLite</source>
        <translation>SQLite</translation>
    </message>
    <message>
        <source>fixed latency</source>
        <translation>तय लेटेंसी</translation>
    </message>
    <message>
        <source> µs</source>
        <translation> µs</translation>
    </message>
    <message>
        <source>Delay per backend lookup of the latency backend.</source>
        <translation>लेटेंसी बैकएंड में हर बैकएंड लुकअप पर देरी।</translation>
    </message>
    <message>
        <source>&amp;Backend</source>
        <translation>बैकएंड(&amp;B)</translation>
    </message>
    <message>
        <source>Not built: %1</source>
        <translation>नहीं बना: %1</translation>
    </message>
    <message>
        <source>Derived — not built</source>
        <translation>व्युत्पन्न — नहीं बना</translation>
    </message>
    <message>
        <source>n = %1 is outside the explorer&apos;s range %2 … %3; it uses n = %4.</source>
        <translation>n = %1 एक्सप्लोरर की सीमा %2 … %3 से बाहर है; यह n = %4 का उपयोग करता है।</translation>
    </message>
    <message>
        <source>p = %1 is outside the explorer&apos;s range %2 … %3; it uses p = %4.</source>
        <translation>p = %1 एक्सप्लोरर की सीमा %2 … %3 से बाहर है; यह p = %4 का उपयोग करता है।</translation>
    </message>
    <message>
        <source>m (counters)</source>
        <translation>m (काउंटर)</translation>
    </message>
    <message>
        <source>table bits</source>
        <translation>तालिका बिट</translation>
    </message>
    <message>
        <source>m (layer 0)</source>
        <translation>m (स्तर 0)</translation>
    </message>
    <message>
        <source>%1 counters</source>
        <translation>%1 काउंटर</translation>
    </message>
    <message>
        <source> (%1 bytes)</source>
        <translation> (%1 बाइट)</translation>
    </message>
    <message>
        <source>2 buckets, %1-bit fingerprint</source>
        <translation>2 बकेट, %1-बिट फ़िंगरप्रिंट</translation>
    </message>
    <message>
        <source>%1  (minimum %2)</source>
        <translation>%1  (न्यूनतम %2)</translation>
    </message>
    <message>
        <source>reject (keep the size)</source>
        <translation>अस्वीकार करें (आकार वही रखें)</translation>
    </message>
    <message>
        <source>add a tier</source>
        <translation>टियर जोड़ें</translation>
    </message>
    <message>
        <source>rebuild larger</source>
        <translation>बड़ा करके पुनर्निर्माण</translation>
    </message>
    <message>
        <source>What the filter does when it fills up.
reject: it keeps its size; inserts it cannot store fail (cuckoo) or its FPR climbs (Bloom).
add a tier (cuckoo): a new table twice as large takes the next keys; each tier gets a smaller share of p, so the FPR of all tiers together stays below p.
rebuild larger (classic, blocked, counting, cuckoo): when the estimated FPR reaches 2 p (or a cuckoo insert fails), a filter twice as large is built from every key the explorer inserted.
The scalable filter always grows by layers.</source>
        <translation>फ़िल्टर भर जाने पर क्या करता है।
अस्वीकार करें: आकार वही रहता है; जिन इंसर्शन को वह रख नहीं सकता वे विफल होते हैं (Cuckoo) या उसका FPR बढ़ता जाता है (Bloom)।
टियर जोड़ें (Cuckoo): दोगुनी बड़ी एक नई तालिका अगली कुंजियाँ लेती है; हर टियर को p का छोटा हिस्सा मिलता है, ताकि सभी टियर का मिलाकर FPR p से कम रहे।
बड़ा करके पुनर्निर्माण (क्लासिक, ब्लॉक्ड, काउंटिंग, Cuckoo): जब अनुमानित FPR 2 p तक पहुँचता है (या Cuckoo इंसर्शन विफल होता है), तो एक्सप्लोरर द्वारा डाली गई हर कुंजी से दोगुना बड़ा फ़िल्टर बनाया जाता है।
स्केलेबल फ़िल्टर हमेशा स्तर जोड़कर बढ़ता है।</translation>
    </message>
    <message>
        <source>&amp;When full</source>
        <translation>भरने पर(&amp;W)</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::ParquetChooser</name>
    <message>
        <source>Open a bloom filter of %1</source>
        <translation>%1 का Bloom फ़िल्टर खोलें</translation>
    </message>
    <message>
        <source>Row group</source>
        <translation>रो ग्रुप</translation>
    </message>
    <message>
        <source>Column</source>
        <translation>कॉलम</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>प्रकार</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>मान</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>फ़िल्टर</translation>
    </message>
    <message>
        <source>Blocks</source>
        <translation>ब्लॉक</translation>
    </message>
    <message>
        <source>Fill</source>
        <translation>भराव</translation>
    </message>
    <message>
        <source>Est. distinct</source>
        <translation>अनुमानित अलग मान</translation>
    </message>
    <message>
        <source>FPR now</source>
        <translation>अभी FPR</translation>
    </message>
    <message>
        <source>Distinct</source>
        <translation>अलग मान</translation>
    </message>
    <message>
        <source>Verdict (1%)</source>
        <translation>निर्णय (1%)</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>none</source>
        <translation>कोई नहीं</translation>
    </message>
    <message>
        <source>no bloom filter: a reader cannot skip this chunk by value</source>
        <translation>कोई Bloom फ़िल्टर नहीं: रीडर इस चंक को मान के आधार पर छोड़ नहीं सकता</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 बाइट</translation>
    </message>
    <message>
        <source>all bits set</source>
        <translation>सभी बिट सेट</translation>
    </message>
    <message>
        <source>damaged</source>
        <translation>क्षतिग्रस्त</translation>
    </message>
    <message>
        <source>%1 — written by %2: %3 rows in %4 row groups, %5 columns; %6 of %7 column chunks have a bloom filter. Choose one to open it in the explorer.</source>
        <translation>%1 — %2 द्वारा लिखी गई: %4 रो ग्रुप में %3 पंक्तियाँ, %5 कॉलम; %7 में से %6 कॉलम चंक में Bloom फ़िल्टर है। एक्सप्लोरर में खोलने के लिए एक चुनें।</translation>
    </message>
    <message>
        <source>an unnamed writer</source>
        <translation>एक अनाम राइटर</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::RedisFilterWindow</name>
    <message>
        <source>Open Redis filter</source>
        <translation>Redis फ़िल्टर खोलें</translation>
    </message>
    <message>
        <source>Address (%1):</source>
        <translation>पता (%1):</translation>
    </message>
    <message>
        <source>Redis password</source>
        <translation>Redis पासवर्ड</translation>
    </message>
    <message>
        <source>Password for %1 (kept for this window only, never saved):</source>
        <translation>%1 के लिए पासवर्ड (केवल इस विंडो के लिए रखा जाता है, कभी सहेजा नहीं जाता):</translation>
    </message>
    <message>
        <source>Redis filter — %1</source>
        <translation>Redis फ़िल्टर — %1</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>कुंजी</translation>
    </message>
    <message>
        <source>&amp;Query</source>
        <translation>क्वेरी(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Insert on the server</source>
        <translation>सर्वर पर डालें(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>रीफ़्रेश करें(&amp;R)</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 विफल: %2</translation>
    </message>
    <message>
        <source>“%1”: maybe (possibly in the set)</source>
        <translation>“%1”: संभवतः (सेट में हो सकता है)</translation>
    </message>
    <message>
        <source>“%1”: no (certainly not inserted)</source>
        <translation>“%1”: नहीं (निश्चित रूप से डाला नहीं गया)</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>क्वेरी</translation>
    </message>
    <message>
        <source>“%1”: inserted on the server</source>
        <translation>“%1”: सर्वर पर डाला गया</translation>
    </message>
    <message>
        <source>Insert</source>
        <translation>डालें</translation>
    </message>
    <message>
        <source>%1
%2 filter: m = %3 bits (%4), k = %5, hash %6
%7 segments on %8 node(s): %9
items (counter): %10; estimated from the fill (Swamidass–Baldi): %11
fill ratio %12, estimated FPR now %13</source>
        <translation>%1
%2 फ़िल्टर: m = %3 बिट (%4), k = %5, हैश %6
%8 नोड पर %7 सेगमेंट: %9
आइटम (काउंटर): %10; भराव से अनुमानित (Swamidass–Baldi): %11
भराव अनुपात %12, अभी अनुमानित FPR %13</translation>
    </message>
    <message>
        <source>Bits: a copy downloaded from the server (Refresh downloads it again).</source>
        <translation type="vanished">बिट: सर्वर से डाउनलोड की गई एक कॉपी (रीफ़्रेश इसे फिर से डाउनलोड करता है)।</translation>
    </message>
    <message>
        <source>Bits not shown: this filter&apos;s bitset is %1, and the bit view downloads filters of at most %2. Statistics, query and insert work at any size.</source>
        <translation type="vanished">बिट नहीं दिखाए गए: इस फ़िल्टर का बिटसेट %1 है, और बिट व्यू अधिकतम %2 के फ़िल्टर डाउनलोड करता है। आँकड़े, क्वेरी और इंसर्शन किसी भी आकार पर काम करते हैं।</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>रीफ़्रेश करें</translation>
    </message>
    <message>
        <source>Bits: the whole filter (%1), read from the server. Refresh reads them again.</source>
        <translation>बिट: पूरा फ़िल्टर (%1), सर्वर से पढ़ा गया। रीफ़्रेश उन्हें फिर से पढ़ता है।</translation>
    </message>
    <message>
        <source>Bits: a sample, not the whole filter. The bitset is %1 (above the %2 the view reads whole), so the view shows %3 ranges of %4, one every %5: %6 in all, %7 % of the bits. Bit i of the view is bit i of the sample. Statistics, query and insert use the whole filter. Refresh reads the sample again.</source>
        <translation>बिट: एक नमूना, पूरा फ़िल्टर नहीं। बिटसेट %1 का है (%2 से ज़्यादा, जिस सीमा तक व्यू उसे पूरा पढ़ता है), इसलिए व्यू %4 की %3 रेंज दिखाता है, हर %5 पर एक: कुल %6, यानी बिटों का %7 %। व्यू का बिट i नमूने का बिट i है। आँकड़े, क्वेरी और इंसर्शन पूरे फ़िल्टर का उपयोग करते हैं। रीफ़्रेश नमूना फिर से पढ़ता है।</translation>
    </message>
    <message>
        <source>%1
Not connected yet.</source>
        <translation>%1
अभी कनेक्ट नहीं हुआ।</translation>
    </message>
    <message>
        <source>Insert &amp;file…</source>
        <translation>फ़ाइल से डालें(&amp;F)…</translation>
    </message>
    <message>
        <source>Inserts every line of a key file (exact bytes) on the server, in batches</source>
        <translation>कुंजी फ़ाइल की हर पंक्ति (बाइट-दर-बाइट) सर्वर पर बैचों में डालता है</translation>
    </message>
    <message>
        <source>Reads the statistics and the bits again (connects first when needed)</source>
        <translation>आँकड़े और बिट फिर से पढ़ता है (ज़रूरत हो तो पहले कनेक्ट करता है)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>रद्द करें(&amp;C)</translation>
    </message>
    <message>
        <source>No bits read yet.</source>
        <translation>अभी तक कोई बिट नहीं पढ़ा गया।</translation>
    </message>
    <message>
        <source>Insert keys from file</source>
        <translation>फ़ाइल से कुंजियाँ डालें</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>रद्द किया गया</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>मेमोरी पर्याप्त नहीं</translation>
    </message>
    <message>
        <source>Ready.</source>
        <translation>तैयार।</translation>
    </message>
    <message>
        <source>Connecting to %1</source>
        <translation>%1 से कनेक्शन</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>%1 से कनेक्ट हो रहा है…</translation>
    </message>
    <message>
        <source>Reading the statistics and bits of %1…</source>
        <translation>%1 के आँकड़े और बिट पढ़े जा रहे हैं…</translation>
    </message>
    <message>
        <source>Asking the server about “%1”…</source>
        <translation>सर्वर से “%1” के बारे में पूछा जा रहा है…</translation>
    </message>
    <message>
        <source>Inserting “%1” on the server…</source>
        <translation>“%1” सर्वर पर डाला जा रहा है…</translation>
    </message>
    <message>
        <source>Insert from file failed: “%1” is not a readable regular file (a key file, one key per line)</source>
        <translation type="vanished">फ़ाइल से डालना विफल: “%1” पढ़ने योग्य सामान्य फ़ाइल नहीं है (कुंजी फ़ाइल चाहिए, प्रति पंक्ति एक कुंजी)</translation>
    </message>
    <message>
        <source>Insert from %1</source>
        <translation>%1 से डालना</translation>
    </message>
    <message>
        <source>Inserted %1 keys from %2…</source>
        <translation>%2 से %1 कुंजियाँ डाली गईं…</translation>
    </message>
    <message>
        <source>Inserted %1 keys from %2 on the server</source>
        <translation>%2 से %1 कुंजियाँ सर्वर पर डाली गईं</translation>
    </message>
    <message>
        <source>Inserting the keys of %1…</source>
        <translation>%1 की कुंजियाँ डाली जा रही हैं…</translation>
    </message>
    <message>
        <source>Cancelled: %1 stopped (keys already sent stay in the filter). The next action connects again.</source>
        <translation>रद्द किया गया: %1 रोका गया (पहले से भेजी गई कुंजियाँ फ़िल्टर में रहती हैं)। अगली कार्रवाई फिर से कनेक्ट करेगी।</translation>
    </message>
    <message>
        <source>Insert from file failed: %1</source>
        <translation>फ़ाइल से डालना विफल: %1</translation>
    </message>
    <message>
        <source>There is no filter to copy.</source>
        <translation>कॉपी करने के लिए कोई फ़िल्टर नहीं है।</translation>
    </message>
    <message>
        <source>Copy filter to Redis</source>
        <translation>फ़िल्टर Redis में कॉपी करें</translation>
    </message>
    <message>
        <source>Copying the filter to %1</source>
        <translation>%1 में फ़िल्टर की कॉपी</translation>
    </message>
    <message>
        <source>Copying the filter to %1…</source>
        <translation>फ़िल्टर %1 में कॉपी हो रहा है…</translation>
    </message>
    <message>
        <source>Only classic and blocked Bloom filters can live on Redis; this one is a %1 filter. Choose %2 or %3 as the Type under Parameters, insert the keys and copy again.</source>
        <translation>Redis पर केवल क्लासिक और ब्लॉक्ड Bloom फ़िल्टर रह सकते हैं; यह फ़िल्टर %1 है। पैरामीटर में प्रकार के रूप में %2 या %3 चुनें, कुंजियाँ डालें और फिर से कॉपी करें।</translation>
    </message>
    <message>
        <source>Cancelled: %1 stopped, and what it had written to the server is deleted again. Refresh copies the filter again.</source>
        <translation>रद्द किया गया: %1 रोका गया, और सर्वर पर जो लिखा जा चुका था वह फिर से हटा दिया गया। &quot;रीफ़्रेश करें&quot; फ़िल्टर को फिर से कॉपी करता है।</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::SpeedupChartView</name>
    <message>
        <source>Speedup against hot ratio</source>
        <translation>हॉट अनुपात के सापेक्ष स्पीडअप</translation>
    </message>
    <message>
        <source>measured (median of repeats)</source>
        <translation>मापा गया (दोहरावों की माध्यिका)</translation>
    </message>
    <message>
        <source>model</source>
        <translation>मॉडल</translation>
    </message>
    <message>
        <source>2× target</source>
        <translation>2× लक्ष्य</translation>
    </message>
    <message>
        <source>hot ratio slider</source>
        <translation>हॉट अनुपात स्लाइडर</translation>
    </message>
    <message>
        <source>hot ratio h (share of queries the backend can answer)</source>
        <translation>हॉट अनुपात h (क्वेरी का वह हिस्सा जिसका उत्तर बैकएंड दे सकता है)</translation>
    </message>
    <message>
        <source>speedup (×)</source>
        <translation>स्पीडअप (×)</translation>
    </message>
    <message>
        <source>speedup = time without the filter / time with the filter, for the same queries.
model = (h·c_hot + (1−h)·c_cold) / (c_f + h·c_hot + (1−h)·FPR·c_cold)
Hover over a measured point for its latencies.</source>
        <translation>स्पीडअप = फ़िल्टर के बिना समय / फ़िल्टर के साथ समय, समान क्वेरी के लिए।
मॉडल = (h·c_hot + (1−h)·c_cold) / (c_f + h·c_hot + (1−h)·FPR·c_cold)
किसी मापे गए बिंदु की लेटेंसी देखने के लिए उस पर होवर करें।</translation>
    </message>
    <message>
        <source>h = %1
speedup %2× (p50 %3×)
p50 with %4 µs, without %5 µs
FPR on cold queries %6
model %7×</source>
        <translation>h = %1
स्पीडअप %2× (p50 %3×)
p50 फ़िल्टर सहित %4 µs, बिना %5 µs
कोल्ड क्वेरी पर FPR %6
मॉडल %7×</translation>
    </message>
    <message>
        <source>Queries per repeat and hot ratio (bloomlab-cli bench uses 20,000).</source>
        <translation>प्रति दोहराव और हॉट अनुपात क्वेरी (bloomlab-cli bench 20,000 उपयोग करता है)।</translation>
    </message>
    <message>
        <source>Repeats per hot ratio; the chart shows their median.</source>
        <translation>प्रति हॉट अनुपात दोहराव; चार्ट उनकी माध्यिका दिखाता है।</translation>
    </message>
    <message>
        <source>Phrases in the simulated store (bloomlab-cli bench: 100,000). The hot set is n of them, so n must not exceed this.</source>
        <translation>सिम्युलेटेड स्टोर में वाक्यांश (bloomlab-cli bench: 100,000)। हॉट सेट इनमें से n हैं, इसलिए n इससे अधिक नहीं होना चाहिए।</translation>
    </message>
    <message>
        <source>&amp;Run sweep</source>
        <translation>स्वीप चलाएँ(&amp;R)</translation>
    </message>
    <message>
        <source>Measure speedup at each hot ratio on a worker thread (F5).</source>
        <translation>वर्कर थ्रेड पर हर हॉट अनुपात पर स्पीडअप मापें (F5)।</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>रद्द करें(&amp;C)</translation>
    </message>
    <message>
        <source>Press Run to measure.</source>
        <translation>मापने के लिए &quot;स्वीप चलाएँ&quot; दबाएँ।</translation>
    </message>
    <message>
        <source>Queries</source>
        <translation>क्वेरी</translation>
    </message>
    <message>
        <source>Repeats</source>
        <translation>दोहराव</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>कॉर्पस</translation>
    </message>
    <message>
        <source>Running: %1</source>
        <translation>चल रहा है: %1</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n point(s).</source>
        <translation>
            <numerusform>%n बिंदु के बाद रद्द किया गया।</numerusform>
            <numerusform>%n बिंदुओं के बाद रद्द किया गया।</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %n point(s).</source>
        <translation>
            <numerusform>पूरा: %n बिंदु।</numerusform>
            <numerusform>पूरा: %n बिंदु।</numerusform>
        </translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>त्रुटि: %1</translation>
    </message>
    <message>
        <source>Benchmark error: %1</source>
        <translation>बेंचमार्क त्रुटि: %1</translation>
    </message>
    <message>
        <source>nothing has been measured yet.</source>
        <translation>अभी तक कुछ भी मापा नहीं गया।</translation>
    </message>
    <message>
        <source>still showing the previous run (%1).</source>
        <translation>अब भी पिछला रन दिखाया जा रहा है (%1)।</translation>
    </message>
    <message>
        <source>Run refused: %1</source>
        <translation>रन अस्वीकार किया गया: %1</translation>
    </message>
    <message>
        <source>Benchmark run refused: %1</source>
        <translation>बेंचमार्क रन अस्वीकार किया गया: %1</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>शुरू हो रहा है…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>रद्द हो रहा है…</translation>
    </message>
    <message>
        <source>Parameters changed: restarting…</source>
        <translation>पैरामीटर बदल गए: फिर से शुरू हो रहा है…</translation>
    </message>
    <message>
        <source>hot ratio</source>
        <translation>हॉट अनुपात</translation>
    </message>
    <message>
        <source>speedup</source>
        <translation>स्पीडअप</translation>
    </message>
    <message>
        <source>p50 speedup</source>
        <translation>p50 स्पीडअप</translation>
    </message>
    <message>
        <source>p50 with (µs)</source>
        <translation>p50 सहित (µs)</translation>
    </message>
    <message>
        <source>p50 without (µs)</source>
        <translation>p50 बिना (µs)</translation>
    </message>
    <message>
        <source>p99 with (µs)</source>
        <translation>p99 सहित (µs)</translation>
    </message>
    <message>
        <source>FPR (cold)</source>
        <translation>FPR (कोल्ड)</translation>
    </message>
    <message>
        <source>%1 filter, n = %2, p = %3, backend %4</source>
        <translation>%1 फ़िल्टर, n = %2, p = %3, बैकएंड %4</translation>
    </message>
    <message>
        <source>Speedup against hot ratio — %1</source>
        <translation>हॉट अनुपात के सापेक्ष स्पीडअप — %1</translation>
    </message>
    <message>
        <source>Speedup against hot ratio — %1 (not run yet)</source>
        <translation>हॉट अनुपात के सापेक्ष स्पीडअप — %1 (अभी चलाया नहीं गया)</translation>
    </message>
    <message>
        <source>Showing the run of %1; the parameters have changed since (Run sweep measures them).</source>
        <translation>%1 का रन दिखाया जा रहा है; तब से पैरामीटर बदल गए हैं (&quot;स्वीप चलाएँ&quot; उन्हें मापता है)।</translation>
    </message>
    <message>
        <source>&amp;Restart</source>
        <translation>फिर से शुरू करें(&amp;R)</translation>
    </message>
    <message>
        <source>There are no benchmark results yet: run the sweep first.</source>
        <translation>अभी कोई बेंचमार्क परिणाम नहीं है: पहले स्वीप चलाएँ।</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="vanished">%1 में लिखा नहीं जा सकता: %2</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::TeachingLessons</name>
    <message>
        <source>bit &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>बिट &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>bits &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>बिट &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Hash %1</source>
        <translation>हैश %1</translation>
    </message>
    <message>
        <source>XXH3-128 turns %1 into a 128-bit number. Its low half is &lt;b&gt;h1&lt;/b&gt; = %2, its high half (made odd, so it is never 0) is &lt;b&gt;h2&lt;/b&gt; = %3.&lt;br&gt;The %4 positions are &lt;i&gt;g&lt;sub&gt;j&lt;/sub&gt; = h1 + j·h2&lt;/i&gt; (mod 2&lt;sup&gt;64&lt;/sup&gt;), each mapped onto 0…%5 by &lt;i&gt;⌊g&lt;sub&gt;j&lt;/sub&gt;·m / 2&lt;sup&gt;64&lt;/sup&gt;⌋&lt;/i&gt; (double hashing: one hash gives all k positions).</source>
        <translation>XXH3-128 %1 को एक 128-बिट संख्या में बदलता है। इसका निचला आधा &lt;b&gt;h1&lt;/b&gt; = %2 है, और ऊपरी आधा (विषम बनाया गया, ताकि यह कभी 0 न हो) &lt;b&gt;h2&lt;/b&gt; = %3 है।&lt;br&gt;%4 पोज़िशन &lt;i&gt;g&lt;sub&gt;j&lt;/sub&gt; = h1 + j·h2&lt;/i&gt; (mod 2&lt;sup&gt;64&lt;/sup&gt;) हैं, और हर एक को &lt;i&gt;⌊g&lt;sub&gt;j&lt;/sub&gt;·m / 2&lt;sup&gt;64&lt;/sup&gt;⌋&lt;/i&gt; द्वारा 0…%5 पर मैप किया जाता है (डबल हैशिंग: एक ही हैश से सभी k पोज़िशन मिलती हैं)।</translation>
    </message>
    <message>
        <source>Position %1 → bit %2</source>
        <translation>पोज़िशन %1 → बिट %2</translation>
    </message>
    <message>
        <source>g&lt;sub&gt;%1&lt;/sub&gt; = h1 + %1·h2 = %2 → ⌊g·%3 / 2&lt;sup&gt;64&lt;/sup&gt;⌋ = &lt;b&gt;%4&lt;/b&gt;. </source>
        <translation>g&lt;sub&gt;%1&lt;/sub&gt; = h1 + %1·h2 = %2 → ⌊g·%3 / 2&lt;sup&gt;64&lt;/sup&gt;⌋ = &lt;b&gt;%4&lt;/b&gt;। </translation>
    </message>
    <message>
        <source>Position %1 is bit &lt;b&gt;%2&lt;/b&gt;. </source>
        <translation>पोज़िशन %1 बिट &lt;b&gt;%2&lt;/b&gt; है। </translation>
    </message>
    <message>
        <source>The same bit as position %1 of this word: g&lt;sub&gt;%2&lt;/sub&gt; and g&lt;sub&gt;%3&lt;/sub&gt; are different numbers, but the range reduction maps both to bit %4, so this probe changes nothing.</source>
        <translation>इस शब्द की पोज़िशन %1 वाला ही बिट: g&lt;sub&gt;%2&lt;/sub&gt; और g&lt;sub&gt;%3&lt;/sub&gt; अलग-अलग संख्याएँ हैं, लेकिन रेंज रिडक्शन दोनों को बिट %4 पर मैप करता है, इसलिए यह प्रोब कुछ नहीं बदलता।</translation>
    </message>
    <message>
        <source>Bit %1 was already 1 and stays 1.</source>
        <translation>बिट %1 पहले से 1 था और 1 ही रहता है।</translation>
    </message>
    <message>
        <source>Bit %1 was already 1 (set by %2) and stays 1: words share bits.</source>
        <translation>बिट %1 पहले से 1 था (%2 द्वारा सेट) और 1 ही रहता है: शब्द बिट साझा करते हैं।</translation>
    </message>
    <message>
        <source>Bit %1 was 0 and &lt;b&gt;turns on&lt;/b&gt;.</source>
        <translation>बिट %1 0 था और &lt;b&gt;चालू होता है&lt;/b&gt;।</translation>
    </message>
    <message>
        <source>Done: %1 is in the filter</source>
        <translation>पूरा: %1 फ़िल्टर में है</translation>
    </message>
    <message numerus="yes">
        <source>All %1 probes of %2 find a 1 now: %n bit(s) turned on</source>
        <translation>
            <numerusform>%2 के सभी %1 प्रोब अब 1 पाते हैं: %n बिट चालू हुआ</numerusform>
            <numerusform>%2 के सभी %1 प्रोब अब 1 पाते हैं: %n बिट चालू हुए</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n bit(s) were already set.</source>
        <translation>
            <numerusform>, %n बिट पहले से सेट था।</numerusform>
            <numerusform>, %n बिट पहले से सेट थे।</numerusform>
        </translation>
    </message>
    <message>
        <source>Added %1: bits %2</source>
        <translation>%1 जोड़ा गया: बिट %2</translation>
    </message>
    <message>
        <source> (%1 distinct)</source>
        <translation> (%1 अलग-अलग)</translation>
    </message>
    <message>
        <source>Query %1</source>
        <translation>%1 की क्वेरी</translation>
    </message>
    <message>
        <source>The query hashes %1 exactly like an insert would, giving the same %2 positions: %3. Now each bit is checked in turn.</source>
        <translation>क्वेरी %1 को ठीक वैसे ही हैश करती है जैसे इंसर्शन करता, जिससे वही %2 पोज़िशन मिलती हैं: %3। अब हर बिट को बारी-बारी से जाँचा जाता है।</translation>
    </message>
    <message>
        <source>Bit %1 is 0 → definitely not</source>
        <translation>बिट %1 0 है → निश्चित रूप से नहीं</translation>
    </message>
    <message>
        <source>Bit %1 is &lt;b&gt;0&lt;/b&gt;. Adding %2 would have set it, and bits are never cleared, so %2 was &lt;b&gt;definitely not&lt;/b&gt; added. The filter can stop here: one zero is proof.%3</source>
        <translation>बिट %1 &lt;b&gt;0&lt;/b&gt; है। %2 को जोड़ने पर यह सेट हो जाता, और बिट कभी साफ़ नहीं किए जाते, इसलिए %2 &lt;b&gt;निश्चित रूप से नहीं&lt;/b&gt; जोड़ा गया। फ़िल्टर यहीं रुक सकता है: एक शून्य ही प्रमाण है।%3</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;span style=&apos;color:#c62828&apos;&gt;(It was added, so the filter is broken — this never happens with an intact Bloom filter.)&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style=&apos;color:#c62828&apos;&gt;(यह जोड़ा गया था, तो फ़िल्टर टूटा हुआ है — सही-सलामत Bloom फ़िल्टर में ऐसा कभी नहीं होता।)&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Bit %1 is 1</source>
        <translation>बिट %1 1 है</translation>
    </message>
    <message>
        <source>Bit %1 is &lt;b&gt;1&lt;/b&gt;. Keep checking.</source>
        <translation>बिट %1 &lt;b&gt;1&lt;/b&gt; है। जाँच जारी रखें।</translation>
    </message>
    <message>
        <source>Bit %1 is &lt;b&gt;1&lt;/b&gt; (set by %2). Keep checking.</source>
        <translation>बिट %1 &lt;b&gt;1&lt;/b&gt; है (%2 द्वारा सेट)। जाँच जारी रखें।</translation>
    </message>
    <message>
        <source>Bit %1 again</source>
        <translation>फिर से बिट %1</translation>
    </message>
    <message>
        <source>Position %1 is bit %2 again, the same bit as position %3 (the range reduction maps both hash values to it): nothing new is learned. Keep checking.</source>
        <translation>पोज़िशन %1 फिर से बिट %2 है, पोज़िशन %3 वाला ही बिट (रेंज रिडक्शन दोनों हैश मानों को इसी पर मैप करता है): कुछ नया पता नहीं चलता। जाँच जारी रखें।</translation>
    </message>
    <message numerus="yes">
        <source>All %n probed bit(s) are 1 → maybe (true positive)</source>
        <translation>
            <numerusform>जाँचा गया %n बिट 1 है → संभवतः (ट्रू पॉज़िटिव)</numerusform>
            <numerusform>जाँचे गए सभी %n बिट 1 हैं → संभवतः (ट्रू पॉज़िटिव)</numerusform>
        </translation>
    </message>
    <message>
        <source>Every probed bit is 1, so the answer is &lt;b&gt;maybe&lt;/b&gt;. %1 was added, so this is a true positive: a Bloom filter never forgets a word it was given.</source>
        <translation>जाँचा गया हर बिट 1 है, इसलिए उत्तर &lt;b&gt;संभवतः&lt;/b&gt; है। %1 जोड़ा गया था, इसलिए यह ट्रू पॉज़िटिव है: Bloom फ़िल्टर दिया गया शब्द कभी नहीं भूलता।</translation>
    </message>
    <message>
        <source>bit %1 ← %2</source>
        <translation>बिट %1 ← %2</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message numerus="yes">
        <source>All %n probed bit(s) are 1 → maybe, but a FALSE POSITIVE</source>
        <translation>
            <numerusform>जाँचा गया %n बिट 1 है → संभवतः, लेकिन यह फ़ाल्स पॉज़िटिव है</numerusform>
            <numerusform>जाँचे गए सभी %n बिट 1 हैं → संभवतः, लेकिन यह फ़ाल्स पॉज़िटिव है</numerusform>
        </translation>
    </message>
    <message>
        <source>Every probed bit is 1, so the filter says &lt;b&gt;maybe&lt;/b&gt; — yet %1 was &lt;b&gt;never added&lt;/b&gt;. Its bits were set by other words: %2.&lt;br&gt;That is a &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;false positive&lt;/b&gt;&lt;/span&gt;. A &quot;maybe&quot; must always be checked against the real data; only &quot;definitely not&quot; is certain.</source>
        <translation>जाँचा गया हर बिट 1 है, इसलिए फ़िल्टर &lt;b&gt;संभवतः&lt;/b&gt; कहता है — फिर भी %1 &lt;b&gt;कभी जोड़ा नहीं गया&lt;/b&gt;। इसके बिट दूसरे शब्दों ने सेट किए: %2।&lt;br&gt;यह एक &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;फ़ाल्स पॉज़िटिव&lt;/b&gt;&lt;/span&gt; है। &quot;संभवतः&quot; को हमेशा असली डेटा से जाँचना चाहिए; केवल &quot;निश्चित रूप से नहीं&quot; ही पक्का है।</translation>
    </message>
    <message>
        <source>%1: definitely not</source>
        <translation>%1: निश्चित रूप से नहीं</translation>
    </message>
    <message>
        <source>%1: maybe (it was added)</source>
        <translation>%1: संभवतः (यह जोड़ा गया था)</translation>
    </message>
    <message>
        <source>%1: maybe — a false positive</source>
        <translation>%1: संभवतः — एक फ़ाल्स पॉज़िटिव</translation>
    </message>
    <message>
        <source>No two words share a bit; try a smaller m.</source>
        <translation>कोई दो शब्द एक बिट साझा नहीं करते; छोटा m आज़माएँ।</translation>
    </message>
    <message>
        <source>%1 and %2 share bit %3</source>
        <translation>%1 और %2 बिट %3 साझा करते हैं</translation>
    </message>
    <message>
        <source>%1 uses bits %2; %3 uses bits %4. Both need %5.%6&lt;br&gt;Suppose we want to delete %1.</source>
        <translation>%1 बिट %2 का उपयोग करता है; %3 बिट %4 का उपयोग करता है। दोनों को %5 चाहिए।%6&lt;br&gt;मान लीजिए हम %1 को डिलीट करना चाहते हैं।</translation>
    </message>
    <message numerus="yes">
        <source> (%n sample word(s) were added so that two words share a bit.)</source>
        <translation>
            <numerusform> (%n नमूना शब्द जोड़ा गया ताकि दो शब्द एक बिट साझा करें।)</numerusform>
            <numerusform> (%n नमूना शब्द जोड़े गए ताकि दो शब्द एक बिट साझा करें।)</numerusform>
        </translation>
    </message>
    <message>
        <source>Clear the bits of %1</source>
        <translation>%1 के बिट साफ़ करें</translation>
    </message>
    <message>
        <source>The naive delete: set %1&apos;s bits (%2) back to 0. A plain bit cannot say how many words set it, so %3 is cleared too, although %4 still needs it.</source>
        <translation>सीधा-सादा डिलीट: %1 के बिट (%2) वापस 0 करें। एक साधारण बिट यह नहीं बता सकता कि उसे कितने शब्दों ने सेट किया, इसलिए %3 भी साफ़ हो जाता है, जबकि %4 को अब भी इसकी ज़रूरत है।</translation>
    </message>
    <message>
        <source>Query %1 → &quot;definitely not&quot;: a FALSE NEGATIVE</source>
        <translation>%1 की क्वेरी → &quot;निश्चित रूप से नहीं&quot;: एक फ़ाल्स नेगेटिव</translation>
    </message>
    <message>
        <source>Now %1 finds bit %2 at 0 and the filter answers &lt;b&gt;definitely not&lt;/b&gt; — but %1 was added! This is a &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;false negative&lt;/b&gt;&lt;/span&gt;, the one mistake a Bloom filter must never make. That is why a classic Bloom filter has no delete: rebuild it instead.</source>
        <translation>अब %1 बिट %2 को 0 पाता है और फ़िल्टर &lt;b&gt;निश्चित रूप से नहीं&lt;/b&gt; उत्तर देता है — लेकिन %1 जोड़ा गया था! यह एक &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;फ़ाल्स नेगेटिव&lt;/b&gt;&lt;/span&gt; है, वह एक गलती जो Bloom फ़िल्टर को कभी नहीं करनी चाहिए। इसीलिए क्लासिक Bloom फ़िल्टर में डिलीट नहीं होता: इसके बजाय उसका पुनर्निर्माण करें।</translation>
    </message>
    <message>
        <source>%1 four-bit counters are %1 × 4 = %2 bits, against %3 bits for the classic filter: &lt;b&gt;%4×&lt;/b&gt; the memory</source>
        <translation>%1 चार-बिट काउंटर = %1 × 4 = %2 बिट, जबकि क्लासिक फ़िल्टर के लिए %3 बिट: &lt;b&gt;%4×&lt;/b&gt; मेमोरी</translation>
    </message>
    <message>
        <source>counter %1 = %2</source>
        <translation>काउंटर %1 = %2</translation>
    </message>
    <message>
        <source>A counting filter: counters instead of bits</source>
        <translation>काउंटिंग फ़िल्टर: बिट की जगह काउंटर</translation>
    </message>
    <message>
        <source>A &lt;b&gt;counting Bloom filter&lt;/b&gt; keeps a 4-bit counter per cell and adds 1 for each word that uses it (its counters come in 64-byte lines of 128, so it has its own positions). The same %1 words are inserted. %2 uses counters %3; %4 uses %5. Both use &lt;b&gt;%6&lt;/b&gt;: %7.</source>
        <translation>&lt;b&gt;काउंटिंग Bloom फ़िल्टर&lt;/b&gt; हर सेल में एक 4-बिट काउंटर रखता है और उसका उपयोग करने वाले हर शब्द के लिए 1 जोड़ता है (इसके काउंटर 128 की 64-बाइट लाइनों में होते हैं, इसलिए इसकी अपनी पोज़िशन होती हैं)। वही %1 शब्द डाले जाते हैं। %2 काउंटर %3 का उपयोग करता है; %4 %5 का। दोनों &lt;b&gt;%6&lt;/b&gt; का उपयोग करते हैं: %7।</translation>
    </message>
    <message>
        <source>counter %1 drops to %2</source>
        <translation>काउंटर %1 घटकर %2 होता है</translation>
    </message>
    <message>
        <source>erase(%1) refused: one of its counters was 0.</source>
        <translation>erase(%1) अस्वीकार: इसका एक काउंटर 0 था।</translation>
    </message>
    <message>
        <source>Deleting %1 subtracts 1 from each of its counters (%2): %3, because %4 still counts in it. (A counter that reached 15 sticks at 15 forever, so an overflow can never cause a false negative.)</source>
        <translation>%1 को डिलीट करने से इसके हर काउंटर (%2) में से 1 घटता है: %3, क्योंकि %4 अब भी उसमें गिना जाता है। (जो काउंटर 15 तक पहुँच गया, वह हमेशा 15 पर अटका रहता है, इसलिए ओवरफ़्लो कभी फ़ाल्स नेगेटिव नहीं बना सकता।)</translation>
    </message>
    <message>
        <source>erase(%1) decrements its counters</source>
        <translation>erase(%1) अपने काउंटर घटाता है</translation>
    </message>
    <message>
        <source>Query %1 → still found</source>
        <translation>%1 की क्वेरी → अब भी मिला</translation>
    </message>
    <message>
        <source>All counters of %1 are still above 0 — including the shared counter %2 — so %1 is &lt;b&gt;still found&lt;/b&gt;: the counting filter deleted %3 safely. The price: %4; and you may only delete words that really were added.</source>
        <translation>%1 के सभी काउंटर अब भी 0 से अधिक हैं — साझा काउंटर %2 भी — इसलिए %1 &lt;b&gt;अब भी मिलता है&lt;/b&gt;: काउंटिंग फ़िल्टर ने %3 को सुरक्षित रूप से डिलीट किया। कीमत: %4; और आप केवल वही शब्द डिलीट कर सकते हैं जो सचमुच जोड़े गए थे।</translation>
    </message>
    <message>
        <source>%1 is not found — this should not happen.</source>
        <translation>%1 नहीं मिला — ऐसा नहीं होना चाहिए।</translation>
    </message>
    <message>
        <source>Why no delete: step through with Next (Alt+Right).</source>
        <translation>डिलीट क्यों नहीं: &quot;अगला&quot; (Alt+Right) से चरण-दर-चरण देखें।</translation>
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
        <translation>%1 का फ़िंगरप्रिंट और बकेट</translation>
    </message>
    <message>
        <source>The hash of %1 gives an 8-bit &lt;b&gt;fingerprint&lt;/b&gt; f = &lt;b&gt;%2&lt;/b&gt; (never 0: 0 marks an empty slot) and bucket &lt;b&gt;i1 = %3&lt;/b&gt;. The other bucket is %4. Because i2 needs only f, a stored fingerprint can later move between its two buckets without the original word (the same rule maps i2 back to i1).%5</source>
        <translation>%1 का हैश एक 8-बिट &lt;b&gt;फ़िंगरप्रिंट&lt;/b&gt; f = &lt;b&gt;%2&lt;/b&gt; (कभी 0 नहीं: 0 खाली स्लॉट का चिह्न है) और बकेट &lt;b&gt;i1 = %3&lt;/b&gt; देता है। दूसरा बकेट %4 है। क्योंकि i2 के लिए केवल f चाहिए, संग्रहीत फ़िंगरप्रिंट बाद में मूल शब्द के बिना अपने दो बकेटों के बीच जा सकता है (वही नियम i2 को वापस i1 पर मैप करता है)।%5</translation>
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
        <translation>&lt;br&gt;यहाँ i2 = i1 है: hash(f) mod %1 0 है, इसलिए शब्द के दोनों बकेट एक ही बकेट हैं और चुनने के लिए 8 नहीं, 4 स्लॉट हैं।</translation>
    </message>
    <message>
        <source>Stored in bucket %1, slot %2</source>
        <translation>बकेट %1, स्लॉट %2 में संग्रहीत</translation>
    </message>
    <message>
        <source>Bucket %1 had a free slot, so f = 0x%2 goes into slot %3. Done — no other fingerprint moved.</source>
        <translation>बकेट %1 में एक खाली स्लॉट था, इसलिए f = 0x%2 स्लॉट %3 में जाता है। पूरा — कोई और फ़िंगरप्रिंट नहीं हिला।</translation>
    </message>
    <message>
        <source>Both buckets are full</source>
        <translation>दोनों बकेट भरे हैं</translation>
    </message>
    <message>
        <source>All slots of buckets %1 and %2 are taken. The cuckoo filter makes room: it picks one of the two buckets at random (here bucket %3) and a random slot in it (slot %4), puts f there and &lt;b&gt;kicks&lt;/b&gt; out the fingerprint that was in it, to &lt;i&gt;its&lt;/i&gt; other bucket.</source>
        <translation>बकेट %1 और %2 के सभी स्लॉट भरे हैं। Cuckoo फ़िल्टर जगह बनाता है: वह दोनों में से एक बकेट यादृच्छिक रूप से चुनता है (यहाँ बकेट %3) और उसमें एक यादृच्छिक स्लॉट (स्लॉट %4), वहाँ f रखता है और उसमें पहले से मौजूद फ़िंगरप्रिंट को &lt;i&gt;उसके&lt;/i&gt; दूसरे बकेट में &lt;b&gt;किक&lt;/b&gt; कर देता है।</translation>
    </message>
    <message>
        <source>Kick %1: %2 out of bucket %3 and back into it</source>
        <translation>किक %1: %2 बकेट %3 से बाहर और वापस उसी में</translation>
    </message>
    <message>
        <source>Kick %1: %2 from bucket %3 to %4</source>
        <translation>किक %1: %2 बकेट %3 से %4 में</translation>
    </message>
    <message>
        <source>&lt;b&gt;0x%1&lt;/b&gt; goes into bucket %2, slot %3 and pushes out fingerprint &lt;b&gt;%4&lt;/b&gt;, which is now out of the table (the grid shows the table at this moment). %5.</source>
        <translation>&lt;b&gt;0x%1&lt;/b&gt; बकेट %2, स्लॉट %3 में जाता है और फ़िंगरप्रिंट &lt;b&gt;%4&lt;/b&gt; को बाहर धकेलता है, जो अब तालिका से बाहर है (ग्रिड इस क्षण की तालिका दिखाता है)। %5।</translation>
    </message>
    <message>
        <source>Its other bucket</source>
        <translation>इसका दूसरा बकेट</translation>
    </message>
    <message>
        <source> hash(%1) mod %2 is 0, so both buckets of %1 are bucket %3: it can only go back into the bucket it was just pushed out of.</source>
        <translation> hash(%1) mod %2 0 है, इसलिए %1 के दोनों बकेट बकेट %3 हैं: यह केवल उसी बकेट में वापस जा सकता है जिससे इसे अभी बाहर धकेला गया।</translation>
    </message>
    <message>
        <source> Bucket %1 is full, so %2 takes a slot there and kicks the next fingerprint out.</source>
        <translation> बकेट %1 भरा है, इसलिए %2 वहाँ एक स्लॉट लेता है और अगले फ़िंगरप्रिंट को बाहर किक करता है।</translation>
    </message>
    <message>
        <source> Bucket %1 has a free slot (slot %2): %3 goes there and the chain ends.</source>
        <translation> बकेट %1 में एक खाली स्लॉट है (स्लॉट %2): %3 वहाँ जाता है और श्रृंखला समाप्त होती है।</translation>
    </message>
    <message>
        <source> Bucket %1 is full too, and this was the last kick allowed: %2 goes to the &lt;b&gt;stash&lt;/b&gt;, a single spare place next to the table.</source>
        <translation> बकेट %1 भी भरा है, और यह अनुमत आखिरी किक थी: %2 &lt;b&gt;स्टैश&lt;/b&gt; में जाता है, जो तालिका के पास एक अकेली अतिरिक्त जगह है।</translation>
    </message>
    <message>
        <source>%1. 0x%2: bucket %3 → %4</source>
        <translation>%1. 0x%2: बकेट %3 → %4</translation>
    </message>
    <message numerus="yes">
        <source>Done after %n kick(s)</source>
        <translation>
            <numerusform>%n किक के बाद पूरा</numerusform>
            <numerusform>%n किक के बाद पूरा</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is stored (bucket %2, slot %3), and every moved fingerprint sits in one of its own two buckets, so every word is still found. The arrows are numbered in kick order: %4. Long chains mean the table is nearly full (load %5 %).</source>
        <translation type="vanished">%1 संग्रहीत है (बकेट %2, स्लॉट %3), और हर हिलाया गया फ़िंगरप्रिंट अपने ही दो बकेटों में से एक में है, इसलिए हर शब्द अब भी मिलता है। तीर किक के क्रम में क्रमांकित हैं: %4। लंबी श्रृंखलाओं का मतलब है कि तालिका लगभग भरी है (लोड %5 %)।</translation>
    </message>
    <message numerus="yes">
        <source>Done after %n kick(s): one fingerprint waits in the stash</source>
        <translation>
            <numerusform>%n किक के बाद पूरा: एक फ़िंगरप्रिंट स्टैश में प्रतीक्षा कर रहा है</numerusform>
            <numerusform>%n किक के बाद पूरा: एक फ़िंगरप्रिंट स्टैश में प्रतीक्षा कर रहा है</numerusform>
        </translation>
    </message>
    <message>
        <source>After %1 kicks there was still no free slot. The last evicted fingerprint, 0x%2, is kept in the &lt;b&gt;stash&lt;/b&gt;, so no word is lost and every word is still found. The kicks: %3. The filter is full now: the next insert that finds both its buckets full is refused — rebuild it larger.</source>
        <translation type="vanished">%1 किक के बाद भी कोई खाली स्लॉट नहीं था। आखिरी बेदखल फ़िंगरप्रिंट, 0x%2, &lt;b&gt;स्टैश&lt;/b&gt; में रखा जाता है, इसलिए कोई शब्द खोता नहीं और हर शब्द अब भी मिलता है। किक: %3। फ़िल्टर अब भरा है: अगला इंसर्शन जो अपने दोनों बकेट भरे पाएगा, अस्वीकार होगा — इसका बड़े आकार में पुनर्निर्माण करें।</translation>
    </message>
    <message>
        <source>Refused: the filter is full</source>
        <translation>अस्वीकृत: फ़िल्टर भरा है</translation>
    </message>
    <message>
        <source>Both buckets are full and the stash is already occupied, so the insert returns &lt;b&gt;false&lt;/b&gt; and changes nothing. Nothing that was stored is lost.</source>
        <translation>दोनों बकेट भरे हैं और स्टैश पहले से भरा है, इसलिए इंसर्शन &lt;b&gt;false&lt;/b&gt; लौटाता है और कुछ नहीं बदलता। जो संग्रहीत था, उसमें से कुछ नहीं खोता।</translation>
    </message>
    <message numerus="yes">
        <source>Added %1 (%n kick(s))</source>
        <translation>
            <numerusform>%1 जोड़ा गया (%n किक)</numerusform>
            <numerusform>%1 जोड़ा गया (%n किक)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 was refused: the cuckoo filter is full</source>
        <translation>%1 अस्वीकार किया गया: Cuckoo फ़िल्टर भरा है</translation>
    </message>
    <message>
        <source>0x%1 found → maybe (true positive)</source>
        <translation>0x%1 मिला → संभवतः (ट्रू पॉज़िटिव)</translation>
    </message>
    <message>
        <source>0x%1 found → maybe, a FALSE POSITIVE</source>
        <translation>0x%1 मिला → संभवतः, एक फ़ाल्स पॉज़िटिव</translation>
    </message>
    <message>
        <source>0x%1 not found → definitely not</source>
        <translation>0x%1 नहीं मिला → निश्चित रूप से नहीं</translation>
    </message>
    <message>
        <source>%1 has fingerprint f = 0x%2 and buckets %3 and %4. The query looks at those 8 slots only. </source>
        <translation>%1 का फ़िंगरप्रिंट f = 0x%2 है और बकेट %3 और %4 हैं। क्वेरी केवल इन 8 स्लॉट को देखती है। </translation>
    </message>
    <message>
        <source>No slot holds 0x%1, so %2 is &lt;b&gt;definitely not&lt;/b&gt; in the filter.</source>
        <translation>किसी स्लॉट में 0x%1 नहीं है, इसलिए %2 फ़िल्टर में &lt;b&gt;निश्चित रूप से नहीं&lt;/b&gt; है।</translation>
    </message>
    <message>
        <source>A slot holds 0x%1 → &lt;b&gt;maybe&lt;/b&gt;; %2 was added, so this is right.</source>
        <translation>एक स्लॉट में 0x%1 है → &lt;b&gt;संभवतः&lt;/b&gt;; %2 जोड़ा गया था, इसलिए यह सही है।</translation>
    </message>
    <message>
        <source>A slot holds 0x%1 — but it belongs to another word with the same fingerprint in the same bucket. %2 was never added: a &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;false positive&lt;/b&gt;&lt;/span&gt;. With 8-bit fingerprints this happens for at most 8/256 ≈ 3 % of absent words.</source>
        <translation>एक स्लॉट में 0x%1 है — लेकिन यह उसी बकेट में उसी फ़िंगरप्रिंट वाले किसी दूसरे शब्द का है। %2 कभी जोड़ा नहीं गया: एक &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;फ़ाल्स पॉज़िटिव&lt;/b&gt;&lt;/span&gt;। 8-बिट फ़िंगरप्रिंट के साथ ऐसा अधिकतम 8/256 ≈ 3 % अनुपस्थित शब्दों के लिए होता है।</translation>
    </message>
    <message>
        <source>probes %1 and %2 both land on bit %3</source>
        <translation>प्रोब %1 और %2 दोनों बिट %3 पर पड़ते हैं</translation>
    </message>
    <message>
        <source>probes %1 all land on bit %2</source>
        <translation>प्रोब %1 सभी बिट %2 पर पड़ते हैं</translation>
    </message>
    <message numerus="yes">
        <source>%1 probes, %n distinct bit(s): </source>
        <translation>
            <numerusform>%1 प्रोब, %n अलग बिट: </numerusform>
            <numerusform>%1 प्रोब, %n अलग-अलग बिट: </numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — the range reduction maps different hash values to the same bit, which is common when m is small.</source>
        <translation>%1 — रेंज रिडक्शन अलग-अलग हैश मानों को एक ही बिट पर मैप करता है, जो m छोटा होने पर आम है।</translation>
    </message>
    <message>
        <source>A Bloom filter</source>
        <translation>Bloom फ़िल्टर</translation>
    </message>
    <message>
        <source>A Bloom filter is an array of %1 bits, all 0 at first. To &lt;b&gt;add&lt;/b&gt; a word, the filter hashes it to %2 positions and sets those bits to 1. To &lt;b&gt;query&lt;/b&gt; a word it checks the same %2 bits: if any is 0 the word was &lt;b&gt;definitely not&lt;/b&gt; added; if all are 1 the answer is &lt;b&gt;maybe&lt;/b&gt;.&lt;br&gt;&lt;br&gt;Type a word and press &lt;b&gt;Add&lt;/b&gt;.</source>
        <translation>Bloom फ़िल्टर %1 बिट का एक ऐरे है, शुरू में सभी 0। किसी शब्द को &lt;b&gt;जोड़ने&lt;/b&gt; के लिए फ़िल्टर उसे %2 पोज़िशन पर हैश करता है और उन बिट को 1 करता है। किसी शब्द की &lt;b&gt;क्वेरी&lt;/b&gt; के लिए वह वही %2 बिट जाँचता है: यदि कोई 0 है तो शब्द &lt;b&gt;निश्चित रूप से नहीं&lt;/b&gt; जोड़ा गया; यदि सभी 1 हैं तो उत्तर &lt;b&gt;संभवतः&lt;/b&gt; है।&lt;br&gt;&lt;br&gt;एक शब्द टाइप करें और &lt;b&gt;जोड़ें&lt;/b&gt; दबाएँ।</translation>
    </message>
    <message>
        <source>A cuckoo filter</source>
        <translation>Cuckoo फ़िल्टर</translation>
    </message>
    <message>
        <source>A cuckoo filter is a table of %1 buckets with 4 slots each. It stores a small &lt;b&gt;fingerprint&lt;/b&gt; of each word (8 bits here) in one of two buckets, &lt;i&gt;i1&lt;/i&gt; and &lt;i&gt;i2&lt;/i&gt;. When both are full it &lt;b&gt;kicks&lt;/b&gt; a fingerprint out to its other bucket, like a cuckoo chick. Unlike a Bloom filter it can delete: remove the fingerprint.&lt;br&gt;&lt;br&gt;Type a word and press &lt;b&gt;Add&lt;/b&gt;.</source>
        <translation>Cuckoo फ़िल्टर %1 बकेट की एक तालिका है, हर बकेट में 4 स्लॉट। यह हर शब्द का एक छोटा &lt;b&gt;फ़िंगरप्रिंट&lt;/b&gt; (यहाँ 8 बिट) दो बकेटों, &lt;i&gt;i1&lt;/i&gt; और &lt;i&gt;i2&lt;/i&gt;, में से एक में रखता है। जब दोनों भरे हों, तो यह एक फ़िंगरप्रिंट को उसके दूसरे बकेट में &lt;b&gt;किक&lt;/b&gt; कर देता है, जैसे कोयल (cuckoo) का चूज़ा करता है। Bloom फ़िल्टर के विपरीत यह डिलीट कर सकता है: फ़िंगरप्रिंट हटा दें।&lt;br&gt;&lt;br&gt;एक शब्द टाइप करें और &lt;b&gt;जोड़ें&lt;/b&gt; दबाएँ।</translation>
    </message>
    <message numerus="yes">
        <source>%n sample word(s) added</source>
        <translation>
            <numerusform>%n नमूना शब्द जोड़ा गया</numerusform>
            <numerusform>%n नमूना शब्द जोड़े गए</numerusform>
        </translation>
    </message>
    <message>
        <source>The filter now holds %1 words and %2 % of its bits are 1. Try &lt;b&gt;Find a false positive&lt;/b&gt;, or query a word of your own.</source>
        <translation>फ़िल्टर में अब %1 शब्द हैं और इसके %2 % बिट 1 हैं। &lt;b&gt;फ़ाल्स पॉज़िटिव खोजें&lt;/b&gt; आज़माएँ, या अपना कोई शब्द पूछें।</translation>
    </message>
    <message>
        <source>The table is %1 % full. The next inserts will probably have to kick fingerprints around: add a word and step through its kick chain.</source>
        <translation>तालिका %1 % भरी है। अगले इंसर्शन को शायद फ़िंगरप्रिंट इधर-उधर किक करने पड़ेंगे: एक शब्द जोड़ें और उसकी किक श्रृंखला चरण-दर-चरण देखें।</translation>
    </message>
    <message numerus="yes">
        <source> The filter holds %n word(s); %1 of its %2 bits are 1, so a word that was never added finds all its %3 bits set with probability about (%1/%2)&lt;sup&gt;%3&lt;/sup&gt; = &lt;b&gt;%4&lt;/b&gt; — the false-positive rate.</source>
        <translation>
            <numerusform> फ़िल्टर में %n शब्द है; इसके %2 बिट में से %1 बिट 1 हैं, इसलिए जो शब्द कभी जोड़ा नहीं गया, वह अपने सभी %3 बिट लगभग (%1/%2)&lt;sup&gt;%3&lt;/sup&gt; = &lt;b&gt;%4&lt;/b&gt; प्रायिकता से सेट पाता है — यही फ़ाल्स-पॉज़िटिव दर है।</numerusform>
            <numerusform> फ़िल्टर में %n शब्द हैं; इसके %2 बिट में से %1 बिट 1 हैं, इसलिए जो शब्द कभी जोड़ा नहीं गया, वह अपने सभी %3 बिट लगभग (%1/%2)&lt;sup&gt;%3&lt;/sup&gt; = &lt;b&gt;%4&lt;/b&gt; प्रायिकता से सेट पाता है — यही फ़ाल्स-पॉज़िटिव दर है।</numerusform>
        </translation>
    </message>
    <message>
        <source> (arrows are drawn for the last %1 kicks, %2 to %3)</source>
        <translation> (तीर केवल आखिरी %1 किक के लिए दिखाए गए हैं, %2 से %3 तक)</translation>
    </message>
    <message>
        <source>%1 is stored (bucket %2, slot %3), and every moved fingerprint sits in one of its own two buckets, so every word is still found. The arrows are numbered in kick order%6: %4. Long chains mean the table is nearly full (load %5 %).</source>
        <translation>%1 संग्रहीत है (बकेट %2, स्लॉट %3), और हर खिसकाया गया फ़िंगरप्रिंट अपने ही दो बकेटों में से एक में है, इसलिए हर शब्द अब भी मिलता है। तीरों पर किक के क्रम में संख्याएँ हैं%6: %4। लंबी श्रृंखलाओं का अर्थ है कि तालिका लगभग भरी है (भराव %5 %)।</translation>
    </message>
    <message>
        <source>After %1 kicks there was still no free slot. The last evicted fingerprint, 0x%2, is kept in the &lt;b&gt;stash&lt;/b&gt;, so no word is lost and every word is still found. The kicks%4: %3. The filter is full now: the next insert that finds both its buckets full is refused — rebuild it larger.</source>
        <translation>%1 किक के बाद भी कोई खाली स्लॉट नहीं मिला। आखिरी बाहर किया गया फ़िंगरप्रिंट, 0x%2, &lt;b&gt;स्टैश&lt;/b&gt; में रखा जाता है, इसलिए कोई शब्द नहीं खोता और हर शब्द अब भी मिलता है। किक%4: %3। अब फ़िल्टर भरा है: अगला इंसर्शन, जिसके दोनों बकेट भरे मिलें, अस्वीकार किया जाएगा — इसका बड़े आकार में पुनर्निर्माण करें।</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::TeachingPanel</name>
    <message>
        <source>Classic Bloom filter</source>
        <translation>क्लासिक Bloom फ़िल्टर</translation>
    </message>
    <message>
        <source>Cuckoo filter</source>
        <translation>Cuckoo फ़िल्टर</translation>
    </message>
    <message>
        <source>Which structure to explore step by step.</source>
        <translation>कौन-सी संरचना चरण-दर-चरण देखनी है।</translation>
    </message>
    <message>
        <source>m: bits of the teaching filter (small, so every bit is visible).</source>
        <translation>m: शिक्षण फ़िल्टर के बिट (कम, ताकि हर बिट दिखे)।</translation>
    </message>
    <message>
        <source>k: bit positions per word.</source>
        <translation>k: प्रति शब्द बिट पोज़िशन।</translation>
    </message>
    <message>
        <source>Buckets of the cuckoo filter (4 slots each, 8-bit fingerprints).</source>
        <translation>Cuckoo फ़िल्टर के बकेट (हर एक में 4 स्लॉट, 8-बिट फ़िंगरप्रिंट)।</translation>
    </message>
    <message>
        <source>type a word, e.g. apple</source>
        <translation>एक शब्द टाइप करें, जैसे सेब</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>जोड़ें(&amp;A)</translation>
    </message>
    <message>
        <source>Insert the word and explain each step (Enter).</source>
        <translation>शब्द डालें और हर चरण समझाएँ (Enter)।</translation>
    </message>
    <message>
        <source>&amp;Query</source>
        <translation>क्वेरी(&amp;Q)</translation>
    </message>
    <message>
        <source>Ask the filter about the word and explain each probe (Ctrl+Enter).</source>
        <translation>फ़िल्टर से शब्द के बारे में पूछें और हर प्रोब समझाएँ (Ctrl+Enter)।</translation>
    </message>
    <message>
        <source>Ctrl+Return</source>
        <translation>Ctrl+Return</translation>
    </message>
    <message>
        <source>Find a &amp;false positive</source>
        <translation>फ़ाल्स पॉज़िटिव खोजें(&amp;F)</translation>
    </message>
    <message>
        <source>Query words that were never added until the filter wrongly says &quot;maybe&quot;.</source>
        <translation>कभी न जोड़े गए शब्द तब तक पूछें जब तक फ़िल्टर गलती से &quot;संभवतः&quot; न कहे।</translation>
    </message>
    <message>
        <source>&amp;Why no delete?</source>
        <translation>डिलीट क्यों नहीं?(&amp;W)</translation>
    </message>
    <message>
        <source>Clear one word&apos;s bits and watch another word disappear; then the counting filter.</source>
        <translation>एक शब्द के बिट साफ़ करें और दूसरे शब्द को गायब होते देखें; फिर काउंटिंग फ़िल्टर।</translation>
    </message>
    <message>
        <source>Add &amp;sample words</source>
        <translation>नमूना शब्द जोड़ें(&amp;S)</translation>
    </message>
    <message>
        <source>Bloom: add words until about half the bits are set. Cuckoo: until 90 % of the slots are taken, so the next insert has to kick.</source>
        <translation>Bloom: लगभग आधे बिट सेट होने तक शब्द जोड़ें। Cuckoo: 90 % स्लॉट भरने तक, ताकि अगले इंसर्शन को किक करना पड़े।</translation>
    </message>
    <message>
        <source>&amp;Reset</source>
        <translation>रीसेट करें(&amp;R)</translation>
    </message>
    <message>
        <source>Empty the teaching filter.</source>
        <translation>शिक्षण फ़िल्टर खाली करें।</translation>
    </message>
    <message>
        <source>Steps of the last action; select one to see its state (or use Previous / Next).</source>
        <translation>पिछली क्रिया के चरण; उसकी स्थिति देखने के लिए एक चुनें (या &quot;पिछला&quot; / &quot;अगला&quot; का उपयोग करें)।</translation>
    </message>
    <message>
        <source>◀ &amp;Previous</source>
        <translation>◀ पिछला(&amp;P)</translation>
    </message>
    <message>
        <source>Alt+Left</source>
        <translation>Alt+Left</translation>
    </message>
    <message>
        <source>&amp;Next ▶</source>
        <translation>अगला(&amp;N) ▶</translation>
    </message>
    <message>
        <source>Alt+Right</source>
        <translation>Alt+Right</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>फ़िल्टर</translation>
    </message>
    <message>
        <source>Structure</source>
        <translation>संरचना</translation>
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
        <translation>बकेट</translation>
    </message>
    <message>
        <source>Try it</source>
        <translation>आज़माएँ</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>चरण</translation>
    </message>
    <message>
        <source>No words added yet.</source>
        <translation>अभी कोई शब्द नहीं जोड़ा गया।</translation>
    </message>
    <message numerus="yes">
        <source>%n word(s) added: </source>
        <translation>
            <numerusform>%n शब्द जोड़ा गया: </numerusform>
            <numerusform>%n शब्द जोड़े गए: </numerusform>
        </translation>
    </message>
    <message>
        <source>Type a word first.</source>
        <translation>पहले एक शब्द टाइप करें।</translation>
    </message>
    <message>
        <source>Add some words first: an empty filter has no false positives.</source>
        <translation>पहले कुछ शब्द जोड़ें: खाली फ़िल्टर में कोई फ़ाल्स पॉज़िटिव नहीं होता।</translation>
    </message>
    <message>
        <source>No false positive among 200,000 words: the filter is nearly empty. Add more words.</source>
        <translation>200,000 शब्दों में कोई फ़ाल्स पॉज़िटिव नहीं: फ़िल्टर लगभग खाली है। और शब्द जोड़ें।</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>BloomLab: explore, benchmark and teach Bloom, cuckoo and related filters.</source>
        <translation>BloomLab: Bloom, Cuckoo और संबंधित फ़िल्टरों को एक्सप्लोर करें, उनका बेंचमार्क करें और उन्हें सिखाएँ।</translation>
    </message>
    <message>
        <source>Run the scripted demo session.</source>
        <translation>स्क्रिप्टेड डेमो सत्र चलाएँ।</translation>
    </message>
    <message>
        <source>Save a PNG of the whole window when the demo (or start-up) is done, then exit.</source>
        <translation>डेमो (या स्टार्ट-अप) पूरा होने पर पूरी विंडो का PNG सहेजें, फिर बाहर निकलें।</translation>
    </message>
    <message>
        <source>Window size for the screenshot, e.g. 1920x1080 (default 1280x800).</source>
        <translation>स्क्रीनशॉट के लिए विंडो का आकार, जैसे 1920x1080 (डिफ़ॉल्ट 1280x800)।</translation>
    </message>
    <message>
        <source>Tab to show: explorer, benchmark, teaching, calculator or compare.</source>
        <translation>दिखाने के लिए टैब: explorer, benchmark, teaching, calculator या compare।</translation>
    </message>
    <message>
        <source>Filter type of the demo&apos;s explorer: classic, blocked, counting, scalable or cuckoo.</source>
        <translation>डेमो के एक्सप्लोरर का फ़िल्टर प्रकार: classic, blocked, counting, scalable या cuckoo।</translation>
    </message>
    <message>
        <source>Teaching step to show before the screenshot: add, no-delete, cuckoo-kick, cuckoo-done or cuckoo-loop, optionally :STEP (1-based).</source>
        <translation>स्क्रीनशॉट से पहले दिखाने के लिए शिक्षण चरण: add, no-delete, cuckoo-kick, cuckoo-done या cuckoo-loop, वैकल्पिक रूप से :STEP (1 से शुरू)।</translation>
    </message>
    <message>
        <source>With a Parquet file: open this row group&apos;s column filter, e.g. 0:name.</source>
        <translation>Parquet फ़ाइल के साथ: इस रो ग्रुप का कॉलम फ़िल्टर खोलें, जैसे 0:name।</translation>
    </message>
    <message>
        <source>A saved filter to open.</source>
        <translation>खोलने के लिए एक सहेजा गया फ़िल्टर।</translation>
    </message>
</context>
</TS>

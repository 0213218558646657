<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru" sourcelanguage="en">
<context>
    <name>bloomlab::ui::BitArrayView</name>
    <message>
        <source>No filter</source>
        <translation>Нет фильтра</translation>
    </message>
    <message>
        <source>Each cell is one bit (counter, or fingerprint slot) of the filter.
Wheel: zoom · drag: pan · Home: fit · hover: index and value.</source>
        <translation>Каждая ячейка — один бит фильтра (или счётчик, или слот для отпечатка).
Колесо: масштаб · перетаскивание: сдвиг · Home: вписать · наведение: индекс и значение.</translation>
    </message>
    <message>
        <source>Layer %1 — m = %2 bits, k = %3, p = %4, %5 items</source>
        <translation>Слой %1 — m = %2 бит, k = %3, p = %4, элементов: %5</translation>
    </message>
    <message>
        <source>m = %1 bits, k = %2</source>
        <translation>m = %1 бит, k = %2</translation>
    </message>
    <message>
        <source>%1 blocks of 256 bits (32 × 8 tiles), k = 8</source>
        <translation>блоков по 256 бит: %1 (клетки 32 × 8), k = 8</translation>
    </message>
    <message>
        <source>%1 four-bit counters in 64-byte lines (16 × 8 tiles), k = %2</source>
        <translation>четырёхбитных счётчиков в 64-байтных строках: %1 (клетки 16 × 8), k = %2</translation>
    </message>
    <message>
        <source>%1 buckets × 4 slots, %2-bit fingerprints</source>
        <translation>корзин: %1 × 4 слота, отпечатки по %2 бит</translation>
    </message>
    <message>
        <source>%1 — %2 — %3 % full</source>
        <translation>%1 — %2 — заполнено на %3 %</translation>
    </message>
    <message>
        <source>bucket %1</source>
        <translation>корзина %1</translation>
    </message>
    <message>
        <source>b%1</source>
        <translation>к%1</translation>
    </message>
    <message>
        <source>slot %1</source>
        <translation>слот %1</translation>
    </message>
    <message>
        <source>just written</source>
        <translation>только что записан</translation>
    </message>
    <message>
        <source>probed, above 0</source>
        <translation>проверен, больше 0</translation>
    </message>
    <message>
        <source>probed, = 1</source>
        <translation>проверен, = 1</translation>
    </message>
    <message>
        <source>turned on now</source>
        <translation>включён сейчас</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>нет совпадения</translation>
    </message>
    <message>
        <source>probed, = 0</source>
        <translation>проверен, = 0</translation>
    </message>
    <message>
        <source>decremented</source>
        <translation>уменьшен</translation>
    </message>
    <message>
        <source>cleared</source>
        <translation>сброшен</translation>
    </message>
    <message>
        <source>shared by both words</source>
        <translation>общий для обоих слов</translation>
    </message>
    <message>
        <source>used by both words</source>
        <translation>используется обоими словами</translation>
    </message>
    <message>
        <source>possible bucket</source>
        <translation>возможная корзина</translation>
    </message>
    <message>
        <source>found / stored</source>
        <translation>найден / сохранён</translation>
    </message>
    <message>
        <source>still above 0</source>
        <translation>всё ещё больше 0</translation>
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
        <translation>15 = насыщен (застревает)</translation>
    </message>
    <message>
        <source>empty slot</source>
        <translation>пустой слот</translation>
    </message>
    <message>
        <source>fingerprint (hex)</source>
        <translation>отпечаток (hex)</translation>
    </message>
    <message>
        <source>kick, in order</source>
        <translation>вытеснения по порядку</translation>
    </message>
    <message>
        <source>layer %1, </source>
        <translation>слой %1, </translation>
    </message>
    <message>
        <source>%1%2s %3–%4</source>
        <translation>%1%2 %3–%4</translation>
    </message>
    <message>
        <source>%1 (%2 slots per pixel; shade is a sample of 16)</source>
        <translation>%1 (ячеек на пиксель: %2; оттенок — по выборке из 16)</translation>
    </message>
    <message>
        <source>set</source>
        <translation>установлено</translation>
    </message>
    <message>
        <source>non-zero</source>
        <translation>ненулевых</translation>
    </message>
    <message>
        <source>occupied</source>
        <translation>занято</translation>
    </message>
    <message>
        <source>%1: %2 of %3 %4 (%5 %)</source>
        <translation>%1: %2 из %3 %4 (%5 %)</translation>
    </message>
    <message>
        <source>bit %1 = %2 (block %3, word %4, bit %5)</source>
        <translation>бит %1 = %2 (блок %3, слово %4, бит %5)</translation>
    </message>
    <message>
        <source>counter %1 = %2%3 (line %4)</source>
        <translation>счётчик %1 = %2%3 (строка %4)</translation>
    </message>
    <message>
        <source>, saturated</source>
        <translation>, насыщен</translation>
    </message>
    <message>
        <source>bucket %1, slot %2: fingerprint 0x%3</source>
        <translation>корзина %1, слот %2: отпечаток 0x%3</translation>
    </message>
    <message>
        <source>bucket %1, slot %2: empty</source>
        <translation>корзина %1, слот %2: пусто</translation>
    </message>
    <message>
        <source>%1bit %2 = %3</source>
        <translation>%1бит %2 = %3</translation>
    </message>
    <message>
        <source>Tier %1 — %2 buckets × 4 slots, %3-bit fingerprints, share of p %4 — %5 of %6 items, %7 % full</source>
        <translation>Ярус %1 — корзин: %2 × 4 слота, отпечатки по %3 бит, доля p: %4 — элементов: %5 из %6, заполнено на %7 %</translation>
    </message>
    <message>
        <source>%1 buckets × 4 slots, %2-bit fingerprints, local layout</source>
        <translation>корзин: %1 × 4 слота, отпечатки по %2 бит, локальная раскладка</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::CalculatorPanel</name>
    <message>
        <source>Give any two (or three) — the rest is solved</source>
        <translation>Задайте любые два (или три) — остальное будет вычислено</translation>
    </message>
    <message>
        <source>n — items</source>
        <translation>n — число элементов</translation>
    </message>
    <message>
        <source>p — false-positive rate</source>
        <translation>p — доля ложноположительных срабатываний</translation>
    </message>
    <message>
        <source>m — size (bits, or 64KiB, 1MB…)</source>
        <translation>m — размер (в битах или 64KiB, 1MB…)</translation>
    </message>
    <message>
        <source>k — hash functions</source>
        <translation>k — число хеш-функций</translation>
    </message>
    <message>
        <source>Ticked: you give this value. Unticked: it is solved.</source>
        <translation>Отмечено: значение задаёте вы. Не отмечено: оно вычисляется.</translation>
    </message>
    <message>
        <source>solved</source>
        <translation>вычислено</translation>
    </message>
    <message>
        <source>&amp;Use n and p in the explorer</source>
        <translation>Исполь&amp;зовать n и p в исследовании</translation>
    </message>
    <message>
        <source>Copy the solved n and p to the parameter panel.</source>
        <translation>Скопировать вычисленные n и p на панель параметров.</translation>
    </message>
    <message>
        <source>FPR against items inserted (theory)</source>
        <translation>FPR в зависимости от числа вставленных элементов (теория)</translation>
    </message>
    <message>
        <source>theory</source>
        <translation>теория</translation>
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
        <translation>доля ложноположительных срабатываний</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>No solution: correct the input marked in red</source>
        <translation>Решения нет: исправьте значение, отмеченное красным</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;Parquet writers&lt;/b&gt;: parquet.bloom.filter.expected.ndv = %1, parquet.bloom.filter.fpp = %2 → %3 bytes (%4, rounded up to a power of two), FPR %5 with the split-block layout</source>
        <translation>&lt;br&gt;&lt;b&gt;Запись в Parquet&lt;/b&gt;: parquet.bloom.filter.expected.ndv = %1, parquet.bloom.filter.fpp = %2 → %3 байт (%4, с округлением вверх до степени двойки), FPR %5 при структуре split-block</translation>
    </message>
    <message>
        <source>; parquet-java caps it at parquet.bloom.filter.max.bytes (1 MiB by default: FPR %1)</source>
        <translation>; parquet-java ограничивает размер значением parquet.bloom.filter.max.bytes (по умолчанию 1 MiB: FPR %1)</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;fewer probes&lt;/b&gt;: k = %1 meets the same p with %2 bits / item (+%3% memory): %1 instead of %4 cache lines read per lookup</source>
        <translation>&lt;br&gt;&lt;b&gt;меньше проб&lt;/b&gt;: k = %1 даёт то же p при %2 бит / элемент (+%3% памяти): %1 вместо %4 кеш-линий, читаемых при каждом поиске</translation>
    </message>
    <message>
        <source>&lt;b&gt;n&lt;/b&gt; = %1 items&lt;br&gt;&lt;b&gt;p&lt;/b&gt; = %2&lt;br&gt;&lt;b&gt;m&lt;/b&gt; = %3 bits = %4&lt;br&gt;&lt;b&gt;k&lt;/b&gt; = %5&lt;br&gt;&lt;b&gt;bits / item&lt;/b&gt; = %6 (information-theoretic minimum %7)</source>
        <translation>&lt;b&gt;n&lt;/b&gt; = %1 элем.&lt;br&gt;&lt;b&gt;p&lt;/b&gt; = %2&lt;br&gt;&lt;b&gt;m&lt;/b&gt; = %3 бит = %4&lt;br&gt;&lt;b&gt;k&lt;/b&gt; = %5&lt;br&gt;&lt;b&gt;бит / элемент&lt;/b&gt; = %6 (теоретико-информационный минимум %7)</translation>
    </message>
    <message>
        <source>FPR = (1 − e^(−k·items/m))^k&lt;br&gt;m = %1 bits, k = %2</source>
        <translation>FPR = (1 − e^(−k·элементы/m))^k&lt;br&gt;m = %1 бит, k = %2</translation>
    </message>
    <message>
        <source>No solution: see the message on the left</source>
        <translation>Решения нет: см. сообщение слева</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::ChartAxes</name>
    <message>
        <source>items inserted</source>
        <translation>вставлено элементов</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::ChartExport</name>
    <message>
        <source>Nothing to export.</source>
        <translation>Нечего экспортировать.</translation>
    </message>
    <message>
        <source>The view could not be rendered.</source>
        <translation>Не удалось отрисовать представление.</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation type="vanished">Не удаётся записать %1.</translation>
    </message>
    <message>
        <source>Exported from BloomLab</source>
        <translation>Экспортировано из BloomLab</translation>
    </message>
    <message>
        <source>Unknown image type &quot;%1&quot;: use .png or .svg.</source>
        <translation>Неизвестный тип изображения «%1»: используйте .png или .svg.</translation>
    </message>
    <message>
        <source>The view could not be encoded as PNG.</source>
        <translation>Не удалось закодировать вид в PNG.</translation>
    </message>
    <message>
        <source>The view could not be drawn as SVG.</source>
        <translation>Не удалось нарисовать вид в SVG.</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::CompareView</name>
    <message>
        <source>budget too small for %1 at %2 keys</source>
        <translation>бюджет слишком мал для %1 (ключей: %2)</translation>
    </message>
    <message>
        <source>budget too small for %1: needs at least %2 bytes (%3 bits per key) for %4 keys</source>
        <translation>бюджет слишком мал для %1: при %4 ключах нужно не менее %2 байт (%3 бит на ключ)</translation>
    </message>
    <message>
        <source>Keys inserted into every filter (the same keys for all).</source>
        <translation>Ключи, вставляемые в каждый фильтр (одни и те же для всех).</translation>
    </message>
    <message>
        <source>in total</source>
        <translation>всего</translation>
    </message>
    <message>
        <source>bits / key</source>
        <translation>бит / ключ</translation>
    </message>
    <message>
        <source>In total: the budget of each filter in bits or bytes. Bits per key: the budget is this many bits for every key (10 bits per key of 100,000 keys = 1,000,000 bits).</source>
        <translation>Всего: бюджет каждого фильтра в битах или байтах. Бит на ключ: бюджет составляет столько бит на каждый ключ (10 бит на ключ при 100 000 ключей = 1 000 000 бит).</translation>
    </message>
    <message>
        <source>Memory budget of every filter: bits (958506, 1e6) or bytes (120KiB, 1MB). Layouts round up to their granularity; the table shows what each really uses.</source>
        <translation>Бюджет памяти каждого фильтра: в битах (958506, 1e6) или байтах (120KiB, 1MB). Структуры округляют его вверх до своей гранулярности; таблица показывает, сколько реально занимает каждая.</translation>
    </message>
    <message>
        <source>Bits per key of every filter (10, 9.6): the budget is this times the keys. Layouts round up to their granularity; the table shows what each really uses.</source>
        <translation>Бит на ключ для каждого фильтра (10, 9.6): бюджет равен этому числу, умноженному на число ключей. Структуры округляют его вверх до своей гранулярности; таблица показывает, сколько реально занимает каждая.</translation>
    </message>
    <message>
        <source>Absent keys queried per filter to measure the FPR and the lookup time.</source>
        <translation>Сколько отсутствующих ключей запрашивается у каждого фильтра, чтобы измерить FPR и время поиска.</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>Срав&amp;нить</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>bits per key</source>
        <translation>бит на ключ</translation>
    </message>
    <message>
        <source>measured FPR</source>
        <translation>измеренная FPR</translation>
    </message>
    <message>
        <source>build time (ms)</source>
        <translation>время построения (мс)</translation>
    </message>
    <message>
        <source>lookup time (ns)</source>
        <translation>время поиска (нс)</translation>
    </message>
    <message>
        <source>What the bar chart shows.</source>
        <translation>Что показывает столбчатая диаграмма.</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Ключи</translation>
    </message>
    <message>
        <source>Memory budget</source>
        <translation>Бюджет памяти</translation>
    </message>
    <message>
        <source>Absent queries</source>
        <translation>Запросы отсутствующих ключей</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>Диаграмма</translation>
    </message>
    <message>
        <source>filter</source>
        <translation>фильтр</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>память</translation>
    </message>
    <message>
        <source>measured FPR
[95 % CI]</source>
        <translation>измеренная FPR
[95 % ДИ]</translation>
    </message>
    <message>
        <source>expected
FPR</source>
        <translation>ожидаемая
FPR</translation>
    </message>
    <message>
        <source>build
(ms)</source>
        <translation>построение
(мс)</translation>
    </message>
    <message>
        <source>lookup
(ns)</source>
        <translation>поиск
(нс)</translation>
    </message>
    <message>
        <source>failed
inserts</source>
        <translation>неудачные
вставки</translation>
    </message>
    <message>
        <source>Filters at the same memory budget</source>
        <translation>Фильтры при одинаковом бюджете памяти</translation>
    </message>
    <message>
        <source>%1 bits per key of %2 keys is too large a budget</source>
        <translation>%1 бит на ключ при %2 ключах — слишком большой бюджет</translation>
    </message>
    <message>
        <source>%1 bits per key</source>
        <translation>%1 бит на ключ</translation>
    </message>
    <message>
        <source>%1 bits</source>
        <translation>%1 бит</translation>
    </message>
    <message>
        <source>keys must be at most %1 here; got %2</source>
        <translation>число ключей здесь должно быть не больше %1; получено %2</translation>
    </message>
    <message>
        <source>absent queries must be at most %1 here; got %2</source>
        <translation>число запросов отсутствующих ключей здесь должно быть не больше %1; получено %2</translation>
    </message>
    <message>
        <source>the memory budget must be at most 2 GiB here; got %1</source>
        <translation>бюджет памяти здесь должен быть не больше 2 GiB; получено %1</translation>
    </message>
    <message>
        <source>not valid: %1 of %2 inserts failed (full)</source>
        <translation>результат недействителен: не удалось %1 из %2 вставок (фильтр заполнен)</translation>
    </message>
    <message>
        <source>%1 [%2 – %3]</source>
        <translation>%1 [%2 – %3]</translation>
    </message>
    <message>
        <source>Not built (the budget is too small; the table says how much each needs): %1.</source>
        <translation>Не построены (бюджет слишком мал; в таблице указано, сколько нужно каждому): %1.</translation>
    </message>
    <message>
        <source>No FPR for %1: inserts failed (the filter is full).</source>
        <translation>Нет FPR для %1: вставки не удались (фильтр заполнен).</translation>
    </message>
    <message>
        <source>Comparison cancelled.</source>
        <translation>Сравнение отменено.</translation>
    </message>
    <message>
        <source>Comparison done.</source>
        <translation>Сравнение завершено.</translation>
    </message>
    <message>
        <source>(run the comparison)</source>
        <translation>(запустите сравнение)</translation>
    </message>
    <message>
        <source>(no filter to show: see the table)</source>
        <translation>(нет фильтра для показа: см. таблицу)</translation>
    </message>
    <message>
        <source>%1 — every filter at the same memory budget (%2), same %3 keys</source>
        <translation>%1 — все фильтры при одинаковом бюджете памяти (%2), одни и те же ключи (%3)</translation>
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
        <translation>блоков по 256 бит: %1; по одному биту на 32-битное слово</translation>
    </message>
    <message>
        <source>%1 lines of 128 four-bit counters (4× the memory of bits)</source>
        <translation>строк по 128 четырёхбитных счётчиков: %1 (в 4 раза больше памяти, чем для битов)</translation>
    </message>
    <message>
        <source>first layer at p0 = p·(1 − r) = %1; layers grow ×%2</source>
        <translation>первый слой при p0 = p·(1 − r) = %1; слои растут ×%2</translation>
    </message>
    <message>
        <source>%1 buckets × 4 slots of %2-bit fingerprints</source>
        <translation>корзин: %1 × 4 слота с отпечатками по %2 бит</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::FalsePositivePanel</name>
    <message>
        <source>Keys inserted</source>
        <translation>Вставлено ключей</translation>
    </message>
    <message>
        <source>Items in the filter (successful inserts).</source>
        <translation>Элементы в фильтре (успешные вставки).</translation>
    </message>
    <message>
        <source>Absent keys tested</source>
        <translation>Проверено отсутствующих ключей</translation>
    </message>
    <message>
        <source>Generated keys that were never inserted, queried since the filter last changed.</source>
        <translation>Сгенерированные ключи, которые никогда не вставлялись; запрошены с последнего изменения фильтра.</translation>
    </message>
    <message>
        <source>False positives</source>
        <translation>Ложноположительные срабатывания</translation>
    </message>
    <message>
        <source>Absent keys the filter answered &quot;maybe&quot; for.</source>
        <translation>Отсутствующие ключи, на которые фильтр ответил «возможно».</translation>
    </message>
    <message>
        <source>Observed FPR</source>
        <translation>Наблюдаемая FPR</translation>
    </message>
    <message>
        <source>
In brackets: 95 % Wilson confidence interval.</source>
        <translation>
В скобках: 95-процентный доверительный интервал Уилсона.</translation>
    </message>
    <message>
        <source>Your queries</source>
        <translation>Ваши запросы</translation>
    </message>
    <message>
        <source>Keys you queried in the key field that were never inserted, and how many of them the filter answered &quot;maybe&quot; for: known false positives. Counted apart from the generated keys above.</source>
        <translation>Ключи из поля ключа, которые вы запросили, но никогда не вставляли, и сколько из них получили от фильтра ответ «возможно»: известные ложноположительные срабатывания. Считаются отдельно от сгенерированных ключей выше.</translation>
    </message>
    <message>
        <source>Expected FPR now</source>
        <translation>Ожидаемая FPR сейчас</translation>
    </message>
    <message>
        <source>
Estimated by the filter from its current fill.</source>
        <translation>
Оценка фильтра по его текущей заполненности.</translation>
    </message>
    <message>
        <source>Theory at this fill</source>
        <translation>Теория при этой заполненности</translation>
    </message>
    <message>
        <source>
The formula for this layout at the current number of items.</source>
        <translation>
Формула для этой структуры при текущем числе элементов.</translation>
    </message>
    <message>
        <source>Fill ratio</source>
        <translation>Заполненность</translation>
    </message>
    <message>
        <source>Estimated items</source>
        <translation>Оценка числа элементов</translation>
    </message>
    <message>
        <source>How many new absent keys one test queries.</source>
        <translation>Сколько новых отсутствующих ключей запрашивает одна проверка.</translation>
    </message>
    <message>
        <source>&amp;Test absent keys</source>
        <translation>Проверить отсутствующие клю&amp;чи</translation>
    </message>
    <message>
        <source>Query that many keys that were never inserted and count the &quot;maybe&quot; answers (Ctrl+T).</source>
        <translation>Запросить столько никогда не вставлявшихся ключей и подсчитать ответы «возможно» (Ctrl+T).</translation>
    </message>
    <message>
        <source>&amp;Fill to 2n and measure</source>
        <translation>&amp;Заполнить до 2n и измерить</translation>
    </message>
    <message>
        <source>Insert generated keys up to twice the capacity, measuring the FPR at 16 steps on a worker thread: watch it climb past n.</source>
        <translation>Вставлять сгенерированные ключи до удвоенной ёмкости, измеряя FPR в 16 точках в фоновом потоке: посмотрите, как она растёт после n.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>FPR against items inserted</source>
        <translation>FPR в зависимости от числа вставленных элементов</translation>
    </message>
    <message>
        <source>theory</source>
        <translation>теория</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>измерено</translation>
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
        <translation>Элементов: %1; ложноположительных срабатываний: %2 из %3 отсутствующих ключей
FPR %4 (95 % ДИ %5 – %6)</translation>
    </message>
    <message>
        <source>%1 (%2 %)</source>
        <translation>%1 (%2 %)</translation>
    </message>
    <message>
        <source>FPR against items inserted&lt;br&gt;(%1, n = %2, p = %3)</source>
        <translation>FPR в зависимости от числа вставленных элементов&lt;br&gt;(%1, n = %2, p = %3)</translation>
    </message>
    <message>
        <source>The new parameters were not built (see Derived). Still showing the previous filter (%1, n = %2, p = %3).</source>
        <translation>Фильтр с новыми параметрами не построен (см. «Расчётные значения»). Показан прежний фильтр (%1, n = %2, p = %3).</translation>
    </message>
    <message>
        <source>%1  [%2 – %3]</source>
        <translation>%1  [%2 – %3]</translation>
    </message>
    <message>
        <source>– (test some absent keys)</source>
        <translation>– (проверьте несколько отсутствующих ключей)</translation>
    </message>
    <message>
        <source>%1 (filling…)</source>
        <translation>%1 (заполнение…)</translation>
    </message>
    <message>
        <source>A background job is using the filter…</source>
        <translation>Фильтр занят фоновой задачей…</translation>
    </message>
    <message>
        <source>  (over capacity!)</source>
        <translation>  (сверх ёмкости!)</translation>
    </message>
    <message>
        <source>%1 at %2 items</source>
        <translation>%1 при числе элементов %2</translation>
    </message>
    <message>
        <source>∞ (every bit set)</source>
        <translation>∞ (все биты установлены)</translation>
    </message>
    <message>
        <source>The inserted keys are not all known (loaded file or very many keys): absent keys are generated with the prefix &quot;%1&quot; and assumed absent.</source>
        <translation>Не все вставленные ключи известны (загружен файл или ключей очень много): отсутствующие ключи генерируются с префиксом «%1» и считаются отсутствующими.</translation>
    </message>
    <message>
        <source>Absent keys are generated (&quot;%1…&quot;) and checked against every inserted key, so a &quot;maybe&quot; for them is a real false positive.</source>
        <translation>Отсутствующие ключи генерируются («%1…») и сверяются со всеми вставленными ключами, так что ответ «возможно» для них — настоящее ложноположительное срабатывание.</translation>
    </message>
    <message>
        <source>– (query a key that was not inserted)</source>
        <translation>– (запросите ключ, который не вставлялся)</translation>
    </message>
    <message>
        <source>– (the inserted keys are not known)</source>
        <translation>– (вставленные ключи неизвестны)</translation>
    </message>
    <message>
        <source>1 false positive</source>
        <translation>1 ложноположительное срабатывание</translation>
    </message>
    <message>
        <source>%1 false positives</source>
        <translation>ложноположительных срабатываний: %1</translation>
    </message>
    <message>
        <source>1 absent query</source>
        <translation>1 запрос отсутствующего ключа</translation>
    </message>
    <message>
        <source>%1 absent queries</source>
        <translation>запросов отсутствующих ключей: %1</translation>
    </message>
    <message>
        <source>manual: %1 of %2</source>
        <translation>вручную: %1 из %2</translation>
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
        <translation>- вставлено ключей: %1
- проверено отсутствующих ключей: %2
- ложноположительных срабатываний: %3
- наблюдаемая FPR [95 % ДИ]: %4
- ожидаемая FPR сейчас (по заполненности): %5
- теория: %6
- заполненность: %7
- оценка числа элементов: %8
- ваши запросы: %9</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::FilterProbe</name>
    <message>
        <source>Classic Bloom</source>
        <translation>Классический фильтр Блума</translation>
    </message>
    <message>
        <source>Blocked Bloom (Parquet SBBF)</source>
        <translation>Блочный фильтр Блума (Parquet SBBF)</translation>
    </message>
    <message>
        <source>Counting Bloom</source>
        <translation>Счётный фильтр Блума</translation>
    </message>
    <message>
        <source>Scalable Bloom</source>
        <translation>Масштабируемый фильтр Блума</translation>
    </message>
    <message>
        <source>Cuckoo</source>
        <translation>Кукушкин фильтр</translation>
    </message>
    <message>
        <source>bit</source>
        <translation>бит</translation>
    </message>
    <message>
        <source>counter</source>
        <translation>счётчик</translation>
    </message>
    <message>
        <source>slot</source>
        <translation>слот</translation>
    </message>
    <message>
        <source>Choose a text file with one key per line.</source>
        <translation>Выберите текстовый файл с одним ключом в строке.</translation>
    </message>
    <message>
        <source>“%1” is a symbolic link to nothing (its target does not exist). %2</source>
        <translation>«%1» — символическая ссылка в никуда (её цель не существует). %2</translation>
    </message>
    <message>
        <source>“%1” does not exist. %2</source>
        <translation>«%1» не существует. %2</translation>
    </message>
    <message>
        <source>a folder</source>
        <translation>папка</translation>
    </message>
    <message>
        <source>a device</source>
        <translation>устройство</translation>
    </message>
    <message>
        <source>a named pipe (FIFO)</source>
        <translation>именованный канал (FIFO)</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>сокет</translation>
    </message>
    <message>
        <source>“%1” is %2, not a regular file. %3</source>
        <translation>«%1» — %2, а не обычный файл. %3</translation>
    </message>
    <message>
        <source>You have no permission to read “%1”. %2</source>
        <translation>Нет прав на чтение «%1». %2</translation>
    </message>
    <message>
        <source>“%1” is not a regular file. %2</source>
        <translation>«%1» — не обычный файл. %2</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::FilterSession</name>
    <message>
        <source>this filter needs %1; the explorer allocates at most %2. The Calculator tab sizes filters of any size.</source>
        <translation>этому фильтру нужно %1, а вкладка «Исследование» выделяет не более %2. На вкладке «Калькулятор» можно рассчитать фильтр любого размера.</translation>
    </message>
    <message>
        <source>Not enough memory for this filter.</source>
        <translation>Недостаточно памяти для этого фильтра.</translation>
    </message>
    <message>
        <source>Inserting keys from %1</source>
        <translation>Вставка ключей из %1</translation>
    </message>
    <message>
        <source>Inserted %1 keys</source>
        <translation>Вставлено ключей: %1</translation>
    </message>
    <message>
        <source>Inserted %1 keys from %2</source>
        <translation>Вставлено ключей из %2: %1</translation>
    </message>
    <message>
        <source> (%1 refused: the filter is full)</source>
        <translation> (отклонено: %1 — фильтр заполнен)</translation>
    </message>
    <message>
        <source> — cancelled</source>
        <translation> — отменено</translation>
    </message>
    <message>
        <source>Error after %1 keys: %2</source>
        <translation>Ошибка (обработано ключей: %1): %2</translation>
    </message>
    <message>
        <source>Filling to %1 items</source>
        <translation>Заполнение до %1 элементов</translation>
    </message>
    <message>
        <source>%1 items</source>
        <translation>элементов: %1</translation>
    </message>
    <message>
        <source>Filled to %1 items</source>
        <translation>Заполнено до %1 элементов</translation>
    </message>
    <message>
        <source> — the filter refused an insert (full)</source>
        <translation> — фильтр отклонил вставку (заполнен)</translation>
    </message>
    <message>
        <source>a background job is still running; cancel it first</source>
        <translation>фоновая задача ещё выполняется; сначала отмените её</translation>
    </message>
    <message>
        <source>Tier %1 added after %2 items: tier %3 was full, so a new table for %4 more items with %5-bit fingerprints takes the next keys (its share of p: %6). Lookups now ask %7 tables; the compounded FPR bound is %8, below p = %9.</source>
        <translation>Ярус %1 добавлен, когда элементов стало %2: ярус %3 заполнился, поэтому следующие ключи принимает новая таблица ещё на %4 элементов с отпечатками по %5 бит (её доля p: %6). Теперь поиск проверяет таблиц: %7; общая верхняя граница FPR — %8, это ниже p = %9.</translation>
    </message>
    <message>
        <source>the %1 threshold was reached (fill %2, estimated FPR %3, %4 failed inserts)</source>
        <translation>достигнут порог %1 (заполненность %2, оценка FPR %3, неудачных вставок: %4)</translation>
    </message>
    <message>
        <source>At %1 items %2, but the explorer does not know every key of this filter (a loaded file, or more keys than it remembers), so it cannot rebuild it: a rebuild needs every key.</source>
        <translation>При числе элементов %1 %2, но вкладка «Исследование» знает не все ключи этого фильтра (загруженный файл или больше ключей, чем она запоминает), поэтому не может его перестроить: для перестройки нужны все ключи.</translation>
    </message>
    <message>
        <source>the larger filter would need more than the explorer allocates</source>
        <translation>большему фильтру нужно больше памяти, чем выделяет вкладка «Исследование»</translation>
    </message>
    <message>
        <source>At %1 items %2, but the filter cannot be rebuilt larger: %3</source>
        <translation>При числе элементов %1 %2, но фильтр нельзя перестроить в больший: %3</translation>
    </message>
    <message>
        <source>Rebuild %1 at %2 items: %3. A filter for %4 items was built from the %5 keys the explorer knows (%6 → %7); the estimated FPR drops from %8 to %9.</source>
        <translation>Перестройка %1 при числе элементов %2: %3. Из ключей, известных вкладке «Исследование» (их %5), построен фильтр на %4 элементов (%6 → %7); оценка FPR падает с %8 до %9.</translation>
    </message>
    <message numerus="yes">
        <source> — %n growth step(s); see the parameter panel</source>
        <translation>
            <numerusform> — %n шаг роста; см. панель параметров</numerusform>
            <numerusform> — %n шага роста; см. панель параметров</numerusform>
            <numerusform> — %n шагов роста; см. панель параметров</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::Glossary</name>
    <message>
        <source>n — expected number of items (capacity).
The filter is sized so that after n inserts the false-positive rate is p. Inserting more still works, but the FPR climbs fast.</source>
        <translation>n — ожидаемое число элементов (ёмкость).
Фильтр рассчитан так, чтобы после n вставок доля ложноположительных срабатываний была равна p. Вставлять больше можно, но FPR быстро растёт.</translation>
    </message>
    <message>
        <source>p — target false-positive probability at n items.
A query for a key that was never inserted answers &quot;maybe&quot; with probability about p. Each factor of 10 smaller costs about 4.8 more bits per item.</source>
        <translation>p — целевая вероятность ложноположительного срабатывания при n элементах.
Запрос ключа, который никогда не вставлялся, получает ответ «возможно» с вероятностью около p. Каждое уменьшение p в 10 раз стоит примерно 4,8 бита на элемент.</translation>
    </message>
    <message>
        <source>m — size of the filter in bits.
Classic Bloom: m = −n·ln p / (ln 2)², about 9.6 bits per item at p = 1 %.</source>
        <translation>m — размер фильтра в битах.
Классический фильтр Блума: m = −n·ln p / (ln 2)², около 9,6 бита на элемент при p = 1 %.</translation>
    </message>
    <message>
        <source>k — number of hash positions per key.
Optimal k = (m/n)·ln 2, rounded to the nearest whole number. Every insert sets k bits; every query checks k bits.</source>
        <translation>k — число хеш-позиций на ключ.
Оптимальное k = (m/n)·ln 2, округлённое до ближайшего целого. Каждая вставка устанавливает k бит, каждый запрос проверяет k бит.</translation>
    </message>
    <message>
        <source>FPR — false-positive rate: the share of absent keys the filter wrongly answers &quot;maybe&quot; for.
Expected after n items: (1 − e^(−k·n/m))^k. A filter never gives a false &quot;no&quot;: &quot;definitely not&quot; is always right.</source>
        <translation>FPR — доля ложноположительных срабатываний: доля отсутствующих ключей, на которые фильтр ошибочно отвечает «возможно».
Ожидаемое значение после n элементов: (1 − e^(−k·n/m))^k. Ложного «нет» фильтр не даёт никогда: «точно нет» всегда верно.</translation>
    </message>
    <message>
        <source>Bits per item = m / n: the memory the filter spends per key. No filter can do with fewer than log2(1/p) bits per key (6.6 at p = 1 %); a classic Bloom filter needs about 1.44 times that.</source>
        <translation>Бит на элемент = m / n: сколько памяти фильтр тратит на один ключ. Никакой фильтр не обойдётся менее чем log2(1/p) битами на ключ (6,6 при p = 1 %); классическому фильтру Блума нужно примерно в 1,44 раза больше.</translation>
    </message>
    <message>
        <source>Fill ratio — share of bits that are 1 (counters that are non-zero, slots that are occupied). A well-sized Bloom filter is about half full at n items.</source>
        <translation>Заполненность — доля битов, равных 1 (ненулевых счётчиков, занятых слотов). Правильно рассчитанный фильтр Блума при n элементах заполнен примерно наполовину.</translation>
    </message>
    <message>
        <source>Estimated items — how many keys the filter holds, worked out from how many of its bits are 1: −(m/k)·ln(1 − X/m), where X is the number of bits that are 1. Useful when the real count is unknown, e.g. for a filter loaded from a file.</source>
        <translation>Оценка числа элементов — сколько ключей содержит фильтр, вычисленное по числу его битов, равных 1: −(m/k)·ln(1 − X/m), где X — число единичных битов. Полезно, когда настоящее число неизвестно, например для фильтра, загруженного из файла.</translation>
    </message>
    <message>
        <source>Hot ratio — in the benchmark, the share of queries for keys that really are in the data (&quot;hot&quot;).
The other queries (&quot;cold&quot;) ask for keys that are not there: the filter says &quot;definitely not&quot; for almost all of them, so the slow lookup in the data is skipped. The lower the hot ratio, the larger the speedup.</source>
        <translation>Доля горячих запросов — в бенчмарке доля запросов ключей, которые действительно есть в данных («горячих»).
Остальные запросы («холодные») ищут ключи, которых там нет: почти на все из них фильтр отвечает «точно нет», и медленный поиск в данных пропускается. Чем ниже доля горячих запросов, тем больше ускорение.</translation>
    </message>
    <message>
        <source>Backend — the slow store the filter sits in front of in the benchmark: scan (reads all 100,000 phrases one by one, the slowest), hash (a hash-table lookup), sqlite (a query on an indexed database table), latency (a fixed wait per lookup, like asking a server over the network).</source>
        <translation>Бэкенд — медленное хранилище, перед которым стоит фильтр в бенчмарке: scan (читает все 100 000 фраз по одной, самый медленный), hash (поиск в хеш-таблице), sqlite (запрос к индексированной таблице базы данных), latency (фиксированная задержка на каждый поиск, как при обращении к серверу по сети).</translation>
    </message>
    <message>
        <source>Filter type:
• classic — one array of bits, k bits per key
• blocked — all 8 bits of a key in one 256-bit block, so a lookup touches memory once (the layout Parquet files use); a slightly higher FPR
• counting — a 4-bit counter instead of each bit: it can delete, and needs 4 times the memory of a classic filter with as many cells
• scalable — adds a larger filter each time the last one is full, so the overall FPR stays within p
• cuckoo — keeps a short fingerprint of each key in one of two buckets; it can delete, and it is smaller than a Bloom filter when p is low</source>
        <translation>Тип фильтра:
• классический (classic) — один битовый массив, k бит на ключ
• блочный (blocked) — все 8 бит ключа в одном 256-битном блоке, так что поиск обращается к памяти один раз (такую структуру используют файлы Parquet); FPR немного выше
• счётный (counting) — 4-битный счётчик вместо каждого бита: умеет удалять, но требует в 4 раза больше памяти, чем классический фильтр с тем же числом ячеек
• масштабируемый (scalable) — добавляет фильтр побольше каждый раз, когда последний заполнен, так что общая FPR остаётся в пределах p
• кукушкин (cuckoo) — хранит короткий отпечаток каждого ключа в одной из двух корзин; умеет удалять и при малых p компактнее фильтра Блума</translation>
    </message>
    <message>
        <source>Glossary</source>
        <translation>Глоссарий</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::KeyEdit</name>
    <message numerus="yes">
        <source>%n leading space(s)</source>
        <translation>
            <numerusform>%n ведущий пробел</numerusform>
            <numerusform>%n ведущих пробела</numerusform>
            <numerusform>%n ведущих пробелов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n trailing space(s)</source>
        <translation>
            <numerusform>%n конечный пробел</numerusform>
            <numerusform>%n конечных пробела</numerusform>
            <numerusform>%n конечных пробелов</numerusform>
        </translation>
    </message>
    <message>
        <source> and </source>
        <translation> и </translation>
    </message>
    <message>
        <source>The key has %1: they are part of the key (&quot;%2&quot; and &quot;%3&quot; are different keys).</source>
        <translation>В ключе есть %1: они входят в ключ («%2» и «%3» — разные ключи).</translation>
    </message>
    <message>
        <source>%1 ignored here: the word is &quot;%2&quot;.</source>
        <translation>Здесь не учитывается: %1; слово — «%2».</translation>
    </message>
    <message>
        <source>(%1)</source>
        <translation>(%1)</translation>
    </message>
    <message>
        <source>The key %1 has %2 (shown as · for a space, → for a tab): they are part of the key, so it is not the same key as “%3”.</source>
        <translation>В ключе %1 есть %2 (пробел показан как ·, табуляция — как →): они входят в ключ, поэтому это не тот же ключ, что «%3».</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::LanguageMenu</name>
    <message>
        <source>BloomLab will be in %1 from its next start.</source>
        <translation>Со следующего запуска BloomLab будет на языке «%1».</translation>
    </message>
    <message>
        <source>Restart Now</source>
        <translation>Перезапустить сейчас</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>Позже</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Язык</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Язык</translation>
    </message>
    <message>
        <source>&amp;System (%1)</source>
        <translation>&amp;Системный (%1)</translation>
    </message>
    <message>
        <source>Takes effect when BloomLab starts again</source>
        <translation>Вступит в силу при следующем запуске BloomLab</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::LogSliderField</name>
    <message>
        <source>%1 must be between %2 and %3 here; got %4</source>
        <translation>%1 здесь должно быть от %2 до %3; получено %4</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::MainWindow</name>
    <message>
        <source>Parameters</source>
        <translation>Параметры</translation>
    </message>
    <message>
        <source>key to insert or query, e.g. https://example.com</source>
        <translation>ключ для вставки или проверки, например https://example.com</translation>
    </message>
    <message>
        <source>&amp;Insert</source>
        <translation>Вст&amp;авить</translation>
    </message>
    <message>
        <source>Insert the key into the filter (Enter). Its k positions are highlighted.</source>
        <translation>Вставить ключ в фильтр (Enter). Его k позиций подсвечиваются.</translation>
    </message>
    <message>
        <source>&amp;Query</source>
        <translation>&amp;Проверить</translation>
    </message>
    <message>
        <source>Ask the filter about the key (Ctrl+Enter): &quot;definitely not&quot; or &quot;maybe&quot;.</source>
        <translation>Спросить фильтр о ключе (Ctrl+Enter): «точно нет» или «возможно».</translation>
    </message>
    <message>
        <source>Ctrl+Return</source>
        <translation>Ctrl+Return</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Ключ</translation>
    </message>
    <message>
        <source>&amp;Explorer</source>
        <translation>&amp;Исследование</translation>
    </message>
    <message>
        <source>&amp;Benchmark</source>
        <translation>&amp;Бенчмарк</translation>
    </message>
    <message>
        <source>&amp;Teaching</source>
        <translation>&amp;Обучение</translation>
    </message>
    <message>
        <source>&amp;Calculator</source>
        <translation>&amp;Калькулятор</translation>
    </message>
    <message>
        <source>C&amp;ompare</source>
        <translation>Сравнени&amp;е</translation>
    </message>
    <message>
        <source>The live filter: its bits, and the false-positive counter (Ctrl+1).</source>
        <translation>Текущий фильтр: его биты и счётчик ложноположительных срабатываний (Ctrl+1).</translation>
    </message>
    <message>
        <source>Speedup of a filter in front of a slow store, against the hot ratio (Ctrl+2).</source>
        <translation>Ускорение от фильтра перед медленным хранилищем в зависимости от доли горячих запросов (Ctrl+2).</translation>
    </message>
    <message>
        <source>Step-by-step: add, query, false positives, cuckoo kicks, why no delete (Ctrl+3).</source>
        <translation>Пошагово: добавление, запрос, ложноположительные срабатывания, вытеснения в кукушкином фильтре, почему нельзя удалять (Ctrl+3).</translation>
    </message>
    <message>
        <source>Fix any of n, p, m, k and solve the rest (Ctrl+4).</source>
        <translation>Зафиксируйте любые из n, p, m, k и вычислите остальные (Ctrl+4).</translation>
    </message>
    <message>
        <source>Every filter type at the same memory budget (Ctrl+5).</source>
        <translation>Все типы фильтров при одинаковом бюджете памяти (Ctrl+5).</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Open Filter…</source>
        <translation>&amp;Открыть фильтр…</translation>
    </message>
    <message>
        <source>Open filter</source>
        <translation>Открыть фильтр</translation>
    </message>
    <message>
        <source>Filters and Parquet files (*.blf *.bloom *.parquet);;All files (*)</source>
        <translation>Фильтры и файлы Parquet (*.blf *.bloom *.parquet);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Open &amp;Redis Filter…</source>
        <translation>Открыть фильтр &amp;Redis…</translation>
    </message>
    <message>
        <source>Recent &amp;Files</source>
        <translation>&amp;Недавние файлы</translation>
    </message>
    <message>
        <source>&amp;Save Filter</source>
        <translation>&amp;Сохранить фильтр</translation>
    </message>
    <message>
        <source>Save Filter &amp;As…</source>
        <translation>Сохранить фильтр к&amp;ак…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>Save filter</source>
        <translation>Сохранить фильтр</translation>
    </message>
    <message>
        <source>BloomLab filters (*.blf);;All files (*)</source>
        <translation>Фильтры BloomLab (*.blf);;Все файлы (*)</translation>
    </message>
    <message>
        <source>&amp;Insert Keys from File…</source>
        <translation>Вставить &amp;ключи из файла…</translation>
    </message>
    <message>
        <source>Ctrl+I</source>
        <translation>Ctrl+I</translation>
    </message>
    <message>
        <source>Insert keys (one per line)</source>
        <translation>Вставить ключи (по одному на строку)</translation>
    </message>
    <message>
        <source>Text files (*.txt *.csv *.tsv *.lst);;All files (*)</source>
        <translation>Текстовые файлы (*.txt *.csv *.tsv *.lst);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Export Benchmark &amp;CSV…</source>
        <translation>Экспорт &amp;CSV бенчмарка…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export benchmark CSV</source>
        <translation>Экспорт CSV бенчмарка</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export C&amp;hart</source>
        <translation>Экспорт &amp;диаграммы</translation>
    </message>
    <message>
        <source>&amp;Speedup Chart…</source>
        <translation>&amp;Диаграмма ускорения…</translation>
    </message>
    <message>
        <source>&amp;False-Positive Chart…</source>
        <translation>Диаграмма &amp;ложноположительных срабатываний…</translation>
    </message>
    <message>
        <source>&amp;Teaching Bit View…</source>
        <translation>Биты &amp;обучающего фильтра…</translation>
    </message>
    <message>
        <source>&amp;Calculator Chart…</source>
        <translation>Диаграмма &amp;калькулятора…</translation>
    </message>
    <message>
        <source>C&amp;omparison Chart…</source>
        <translation>Диаграмма с&amp;равнения…</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>Экспорт диаграммы</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>Изображение PNG (*.png);;Рисунок SVG (*.svg)</translation>
    </message>
    <message>
        <source>Chart of the &amp;Current Tab…</source>
        <translation>Диаграмма &amp;текущей вкладки…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>&amp;Bit Array View…</source>
        <translation>Вид &amp;битового массива…</translation>
    </message>
    <message>
        <source>Export bit array</source>
        <translation>Экспорт битового массива</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Ошибка экспорта</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>Сохранено: %1</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>Экспорт о&amp;тчёта…</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Экспорт отчёта</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Выход</translation>
    </message>
    <message>
        <source>F&amp;ilter</source>
        <translation>Фи&amp;льтр</translation>
    </message>
    <message>
        <source>Focus &amp;Key Field</source>
        <translation>Перейти к полю &amp;ключа</translation>
    </message>
    <message>
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <source>&amp;Test Absent Keys</source>
        <translation>&amp;Проверить отсутствующие ключи</translation>
    </message>
    <message>
        <source>Ctrl+T</source>
        <translation>Ctrl+T</translation>
    </message>
    <message>
        <source>&amp;Fill to 2n and Measure</source>
        <translation>&amp;Заполнить до 2n и измерить</translation>
    </message>
    <message>
        <source>Ctrl+Shift+F</source>
        <translation>Ctrl+Shift+F</translation>
    </message>
    <message>
        <source>&amp;Clear Filter</source>
        <translation>&amp;Очистить фильтр</translation>
    </message>
    <message>
        <source>Ctrl+Shift+Backspace</source>
        <translation>Ctrl+Shift+Backspace</translation>
    </message>
    <message>
        <source>C&amp;ancel Background Job</source>
        <translation>Отменить &amp;фоновую задачу</translation>
    </message>
    <message>
        <source>&amp;Run Sweep</source>
        <translation>Запустить про&amp;гон</translation>
    </message>
    <message>
        <source>&amp;Cancel Sweep</source>
        <translation>От&amp;менить прогон</translation>
    </message>
    <message>
        <source>Run &amp;Comparison</source>
        <translation>Запустить &amp;сравнение</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Fit Bit Array</source>
        <translation>&amp;Вписать битовый массив</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>&amp;Parameters Panel</source>
        <translation>&amp;Панель параметров</translation>
    </message>
    <message>
        <source>Ctrl+P</source>
        <translation>Ctrl+P</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>&amp;Glossary</source>
        <translation>&amp;Глоссарий</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>Сочетания &amp;клавиш</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Сочетания клавиш</translation>
    </message>
    <message>
        <source>&amp;About BloomLab</source>
        <translation>&amp;О программе BloomLab</translation>
    </message>
    <message>
        <source>About BloomLab</source>
        <translation>О программе BloomLab</translation>
    </message>
    <message>
        <source>&lt;h3&gt;BloomLab %1&lt;/h3&gt;&lt;p&gt;An explorer for approximate-membership filters: classic, blocked, counting, scalable Bloom and cuckoo filters. Tune n and p, watch the bits, count false positives, benchmark the speedup in front of a slow store, and walk through the algorithms step by step.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;BloomLab %1&lt;/h3&gt;&lt;p&gt;Инструмент для изучения фильтров приближённой проверки принадлежности: классического, блочного, счётного и масштабируемого фильтров Блума и кукушкиного фильтра. Настраивайте n и p, следите за битами, считайте ложноположительные срабатывания, измеряйте ускорение перед медленным хранилищем и разбирайте алгоритмы шаг за шагом.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Working on the filter in the background…</source>
        <translation>Фоновая работа с фильтром…</translation>
    </message>
    <message>
        <source>No filter</source>
        <translation>Нет фильтра</translation>
    </message>
    <message>
        <source>Explorer set to n = %1, p = %2</source>
        <translation>На вкладке «Исследование» заданы n = %1, p = %2</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>Окно</translation>
    </message>
    <message>
        <source>Insert the key in the key field</source>
        <translation>Вставить ключ из поля ключа</translation>
    </message>
    <message>
        <source>Bit array</source>
        <translation>Битовый массив</translation>
    </message>
    <message>
        <source>Zoom in / out around the cursor</source>
        <translation>Увеличить / уменьшить относительно курсора</translation>
    </message>
    <message>
        <source>Wheel, + / −</source>
        <translation>Колесо, + / −</translation>
    </message>
    <message>
        <source>Pan</source>
        <translation>Сдвиг</translation>
    </message>
    <message>
        <source>Drag, Up / Down, Page Up / Page Down</source>
        <translation>Перетаскивание, Up / Down, Page Up / Page Down</translation>
    </message>
    <message>
        <source>Fit the whole array</source>
        <translation>Вписать весь массив</translation>
    </message>
    <message>
        <source>Menus and buttons</source>
        <translation>Меню и кнопки</translation>
    </message>
    <message>
        <source>The item with that underlined letter</source>
        <translation>Пункт с этой подчёркнутой буквой</translation>
    </message>
    <message>
        <source>Alt + underlined letter</source>
        <translation>Alt + подчёркнутая буква</translation>
    </message>
    <message>
        <source>Hover: index and value · wheel: zoom · drag: pan · Home: fit</source>
        <translation>Наведение: индекс и значение · колесо: масштаб · перетаскивание: сдвиг · Home: вписать</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Без имени</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#c62828&apos;&gt;Type a key first (any text; the empty key is a key too, but not from this field).&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#c62828&apos;&gt;Сначала введите ключ (любой текст; пустой ключ — тоже ключ, но не из этого поля).&lt;/span&gt;</translation>
    </message>
    <message>
        <source>The filter refused &quot;%1&quot;: it is full.</source>
        <translation type="vanished">Фильтр отклонил «%1»: он заполнен.</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#c62828&apos;&gt;Type a key first.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#c62828&apos;&gt;Сначала введите ключ.&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Cannot open filter</source>
        <translation>Не удаётся открыть фильтр</translation>
    </message>
    <message>
        <source>Cannot open %1:
%2</source>
        <translation>Не удаётся открыть %1:
%2</translation>
    </message>
    <message>
        <source>Opened %1: %2 filter with %3 items</source>
        <translation>Открыт %1: %2, элементов: %3</translation>
    </message>
    <message>
        <source>Cannot save filter</source>
        <translation>Не удаётся сохранить фильтр</translation>
    </message>
    <message>
        <source>Cannot save %1:
%2</source>
        <translation>Не удаётся сохранить %1:
%2</translation>
    </message>
    <message>
        <source>The filter</source>
        <translation>Фильтр</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Несохранённые изменения</translation>
    </message>
    <message>
        <source>%1 has changes that are not saved. Save them first?</source>
        <translation>В «%1» есть несохранённые изменения. Сохранить их?</translation>
    </message>
    <message>
        <source>Windows line ends</source>
        <translation>Окончания строк Windows</translation>
    </message>
    <message>
        <source>%1 ends its lines with CR LF (Windows line ends: %2). Kept, every key ends in an invisible \r and no key typed in the key field matches it. Strip the \r from the end of each line?</source>
        <translation>В %1 строки оканчиваются на CR LF (окончания строк Windows: %2). Если их оставить, каждый ключ будет заканчиваться невидимым \r и ни один ключ, введённый в поле ключа, с ним не совпадёт. Удалить \r в конце каждой строки?</translation>
    </message>
    <message>
        <source>1 line</source>
        <translation>1 строка</translation>
    </message>
    <message>
        <source>%1 lines</source>
        <translation>строк: %1</translation>
    </message>
    <message>
        <source>%1 lines in its first MiB</source>
        <translation>строк в первом MiB: %1</translation>
    </message>
    <message>
        <source>&amp;Strip</source>
        <translation>&amp;Удалить</translation>
    </message>
    <message>
        <source>&amp;Keep</source>
        <translation>&amp;Оставить</translation>
    </message>
    <message>
        <source>Filter cleared.</source>
        <translation>Фильтр очищен.</translation>
    </message>
    <message>
        <source>Recent file missing</source>
        <translation>Недавний файл не найден</translation>
    </message>
    <message>
        <source>%1 no longer exists; it was removed from the recent files.</source>
        <translation>%1 больше не существует; он удалён из списка недавних файлов.</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>(no recent files)</source>
        <translation>(нет недавних файлов)</translation>
    </message>
    <message>
        <source>&amp;Clear Recent Files</source>
        <translation>&amp;Очистить список недавних файлов</translation>
    </message>
    <message>
        <source>Cannot insert keys</source>
        <translation>Не удаётся вставить ключи</translation>
    </message>
    <message>
        <source>Cannot read %1.</source>
        <translation type="vanished">Не удаётся прочитать %1.</translation>
    </message>
    <message>
        <source>Another job is still working on the filter; cancel it first (Esc).</source>
        <translation>Другая задача ещё работает с фильтром; сначала отмените её (Esc).</translation>
    </message>
    <message>
        <source>Cannot export CSV</source>
        <translation>Не удаётся экспортировать CSV</translation>
    </message>
    <message>
        <source>Cannot export chart</source>
        <translation>Не удаётся экспортировать диаграмму</translation>
    </message>
    <message>
        <source>Insert a key to see its k positions light up; query a key to see its answer.</source>
        <translation>Вставьте ключ, чтобы увидеть, как загораются его k позиций; проверьте ключ, чтобы увидеть ответ фильтра.</translation>
    </message>
    <message>
        <source>Inserted &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Вставлен &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#c62828&apos;&gt;The filter refused &lt;b&gt;%1&lt;/b&gt; (full)&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#c62828&apos;&gt;Фильтр отклонил &lt;b&gt;%1&lt;/b&gt; (заполнен)&lt;/span&gt;</translation>
    </message>
    <message>
        <source> — buckets highlighted</source>
        <translation> — корзины подсвечены</translation>
    </message>
    <message numerus="yes">
        <source>, %n kick(s) drawn as arrows</source>
        <translation>
            <numerusform>, %n вытеснение показано стрелкой</numerusform>
            <numerusform>, %n вытеснения показаны стрелками</numerusform>
            <numerusform>, %n вытеснений показаны стрелками</numerusform>
        </translation>
    </message>
    <message>
        <source> — positions %1 (green: turned on now, orange: were already set).</source>
        <translation> — позиции %1 (зелёные: включены сейчас, оранжевые: уже были установлены).</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: &lt;span style=&apos;color:#2e7d32&apos;&gt;&lt;b&gt;definitely not&lt;/b&gt;&lt;/span&gt; in the set — a probed cell is empty (red ring).</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: в множестве &lt;span style=&apos;color:#2e7d32&apos;&gt;&lt;b&gt;точно нет&lt;/b&gt;&lt;/span&gt; — одна из проверенных ячеек пуста (красное кольцо).</translation>
    </message>
    <message>
        <source>bucket %1, slot %2</source>
        <translation>корзина %1, слот %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: &lt;b&gt;maybe&lt;/b&gt; — and it was inserted (true positive). Found at %2.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: &lt;b&gt;возможно&lt;/b&gt; — и он действительно был вставлен (истинноположительное срабатывание). Найден: %2.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: &lt;b&gt;maybe&lt;/b&gt; — the inserted keys are not all known, so it cannot be told whether this is a false positive.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: &lt;b&gt;возможно&lt;/b&gt; — не все вставленные ключи известны, поэтому нельзя сказать, ложноположительное ли это срабатывание.</translation>
    </message>
    <message>
        <source>%1 ← %2</source>
        <translation>%1 ← %2</translation>
    </message>
    <message>
        <source>generated keys</source>
        <translation>сгенерированные ключи</translation>
    </message>
    <message>
        <source> Its cells were set by: %1.</source>
        <translation> Его ячейки установлены ключами: %1.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: &lt;b&gt;maybe&lt;/b&gt; — but it was never inserted: a &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;false positive&lt;/b&gt;&lt;/span&gt;.%2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: &lt;b&gt;возможно&lt;/b&gt; — но он никогда не вставлялся: это &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;ложноположительное срабатывание&lt;/b&gt;&lt;/span&gt;.%2</translation>
    </message>
    <message>
        <source>Cannot open Parquet file</source>
        <translation>Не удаётся открыть файл Parquet</translation>
    </message>
    <message>
        <source>Cannot open Parquet filter</source>
        <translation>Не удаётся открыть фильтр Parquet</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not ROWGROUP:COLUMN (e.g. 0:name)</source>
        <translation>«%1» не в формате ГРУППА_СТРОК:СТОЛБЕЦ (например, 0:name)</translation>
    </message>
    <message>
        <source>%1 has no column &apos;%2&apos;</source>
        <translation>В %1 нет столбца «%2»</translation>
    </message>
    <message>
        <source>Cannot open the bloom filter of row group %1, column %2 of %3:
%4</source>
        <translation>Не удаётся открыть фильтр Блума группы строк %1, столбца %2 в %3:
%4</translation>
    </message>
    <message>
        <source>Opened %1, row group %2, column %3: %4 blocks, about %5 distinct values</source>
        <translation>Открыт %1, группа строк %2, столбец %3: блоков: %4, различных значений: около %5</translation>
    </message>
    <message>
        <source># BloomLab report

</source>
        <translation># Отчёт BloomLab

</translation>
    </message>
    <message>
        <source>Generated %1 by BloomLab %2.

</source>
        <translation>Создан %1 в BloomLab %2.

</translation>
    </message>
    <message>
        <source>## Filter

</source>
        <translation>## Фильтр

</translation>
    </message>
    <message>
        <source>- type: %1
- n (capacity): %2
- p (target FPR): %3
</source>
        <translation>- тип: %1
- n (ёмкость): %2
- p (целевая FPR): %3
</translation>
    </message>
    <message>
        <source>- m: %1 bits (%2)%3
- k: %4
- bits per item: %5 (lower bound %6)
- expected FPR at n: %7
</source>
        <translation>- m: %1 бит (%2)%3
- k: %4
- бит на элемент: %5 (нижняя граница %6)
- ожидаемая FPR при n: %7
</translation>
    </message>
    <message>
        <source> (estimate)</source>
        <translation> (оценка)</translation>
    </message>
    <message>
        <source>
## False-positive counter

%1

</source>
        <translation>
## Счётчик ложноположительных срабатываний

%1

</translation>
    </message>
    <message>
        <source>| items inserted | absent keys tested | false positives | observed FPR | theory |
|---:|---:|---:|---:|---:|
</source>
        <translation>| вставлено элементов | проверено отсутствующих ключей | ложноположительных срабатываний | наблюдаемая FPR | теория |
|---:|---:|---:|---:|---:|
</translation>
    </message>
    <message>
        <source>FPR against items inserted</source>
        <translation>FPR в зависимости от числа вставленных элементов</translation>
    </message>
    <message>
        <source>
## Speedup sweep

backend %1, %2 queries, %3 repeats (median shown), corpus %4 phrases.

</source>
        <translation>
## Прогон ускорения

бэкенд %1, запросов: %2, повторов: %3 (показана медиана), фраз в корпусе: %4.

</translation>
    </message>
    <message>
        <source>Speedup against hot ratio</source>
        <translation>Ускорение в зависимости от доли горячих запросов</translation>
    </message>
    <message>
        <source>
All repeats: [%1](%1)
</source>
        <translation>
Все повторы: [%1](%1)
</translation>
    </message>
    <message>
        <source>
## Comparison at the same memory budget

</source>
        <translation>
## Сравнение при одинаковом бюджете памяти

</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>Сравнение</translation>
    </message>
    <message>
        <source>Cannot export report</source>
        <translation>Не удаётся экспортировать отчёт</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="vanished">Не удаётся записать %1: %2</translation>
    </message>
    <message>
        <source>The filter refused %1: it is full.</source>
        <translation>Фильтр отклонил %1: он заполнен.</translation>
    </message>
    <message>
        <source>&amp;Copy Filter to Redis…</source>
        <translation>&amp;Копировать фильтр в Redis…</translation>
    </message>
    <message>
        <source>Replace files?</source>
        <translation>Заменить файлы?</translation>
    </message>
    <message>
        <source>The report also writes these files in %1, which exist already:

%2

Replace them?</source>
        <translation>Отчёт также записывает эти файлы в %1, и они уже существуют:

%2

Заменить их?</translation>
    </message>
    <message>
        <source>&amp;Replace</source>
        <translation>&amp;Заменить</translation>
    </message>
    <message>
        <source>Report not exported: the files next to it were kept.</source>
        <translation>Отчёт не экспортирован: файлы рядом с ним сохранены.</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::NumberField</name>
    <message>
        <source>“%1” can be read two ways: %2 (“%3” grouping digits) or %4 (“%3” as the decimal point). Type %5 or %6 to say which.</source>
        <translation>«%1» можно прочитать двумя способами: %2 («%3» разделяет разряды) или %4 («%3» — десятичный разделитель). Введите %5 или %6, чтобы уточнить.</translation>
    </message>
    <message>
        <source> (in “%1”)</source>
        <translation> (в «%1»)</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::ParameterPanel</name>
    <message>
        <source>Filter</source>
        <translation>Фильтр</translation>
    </message>
    <message>
        <source>&amp;Type</source>
        <translation>&amp;Тип</translation>
    </message>
    <message>
        <source>
Accepts 10000, 1e6, 10k, 2.5M.</source>
        <translation>
Принимает 10000, 1e6, 10k, 2.5M.</translation>
    </message>
    <message>
        <source>&amp;n (items)</source>
        <translation>&amp;n (элементов)</translation>
    </message>
    <message>
        <source>
Accepts 0.01, 1e-3, 1/100, 1%.</source>
        <translation>
Принимает 0.01, 1e-3, 1/100, 1%.</translation>
    </message>
    <message>
        <source>&amp;p (target FPR)</source>
        <translation>&amp;p (целевая FPR)</translation>
    </message>
    <message>
        <source>Derived</source>
        <translation>Расчётные значения</translation>
    </message>
    <message>
        <source>m (bits)</source>
        <translation>m (бит)</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>память</translation>
    </message>
    <message>
        <source>k (hashes)</source>
        <translation>k (хешей)</translation>
    </message>
    <message>
        <source>bits / item</source>
        <translation>бит / элемент</translation>
    </message>
    <message>
        <source>expected FPR at n</source>
        <translation>ожидаемая FPR при n</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>Бенчмарк</translation>
    </message>
    <message>
        <source>&amp;Hot ratio</source>
        <translation>&amp;Доля горячих</translation>
    </message>
    <message>
        <source>scan (O(n) search)</source>
        <translation>перебор (поиск за O(n))</translation>
    </message>
    <message>
        <source>hash table</source>
        <translation>хеш-таблица</translation>
    </message>
    <message>
        <source>SQLite</source>
        <translation>SQLite</translation>
    </message>
    <message>
        <source>fixed latency</source>
        <translation>фиксированная задержка</translation>
    </message>
    <message>
        <source> µs</source>
        <translation> мкс</translation>
    </message>
    <message>
        <source>Delay per backend lookup of the latency backend.</source>
        <translation>Задержка на каждый поиск для бэкенда «фиксированная задержка».</translation>
    </message>
    <message>
        <source>&amp;Backend</source>
        <translation>Б&amp;экенд</translation>
    </message>
    <message>
        <source>Not built: %1</source>
        <translation>Не построен: %1</translation>
    </message>
    <message>
        <source>Derived — not built</source>
        <translation>Расчётные значения — не построен</translation>
    </message>
    <message>
        <source>n = %1 is outside the explorer&apos;s range %2 … %3; it uses n = %4.</source>
        <translation>n = %1 вне диапазона вкладки «Исследование» (%2 … %3); используется n = %4.</translation>
    </message>
    <message>
        <source>p = %1 is outside the explorer&apos;s range %2 … %3; it uses p = %4.</source>
        <translation>p = %1 вне диапазона вкладки «Исследование» (%2 … %3); используется p = %4.</translation>
    </message>
    <message>
        <source>m (counters)</source>
        <translation>m (счётчиков)</translation>
    </message>
    <message>
        <source>table bits</source>
        <translation>биты таблицы</translation>
    </message>
    <message>
        <source>m (layer 0)</source>
        <translation>m (слой 0)</translation>
    </message>
    <message>
        <source>%1 counters</source>
        <translation>счётчиков: %1</translation>
    </message>
    <message>
        <source> (%1 bytes)</source>
        <translation> (%1 байт)</translation>
    </message>
    <message>
        <source>2 buckets, %1-bit fingerprint</source>
        <translation>2 корзины, отпечаток %1 бит</translation>
    </message>
    <message>
        <source>%1  (minimum %2)</source>
        <translation>%1  (минимум %2)</translation>
    </message>
    <message>
        <source>reject (keep the size)</source>
        <translation>отклонять (размер не меняется)</translation>
    </message>
    <message>
        <source>add a tier</source>
        <translation>добавить ярус</translation>
    </message>
    <message>
        <source>rebuild larger</source>
        <translation>перестроить в больший</translation>
    </message>
    <message>
        <source>What the filter does when it fills up.
reject: it keeps its size; inserts it cannot store fail (cuckoo) or its FPR climbs (Bloom).
add a tier (cuckoo): a new table twice as large takes the next keys; each tier gets a smaller share of p, so the FPR of all tiers together stays below p.
rebuild larger (classic, blocked, counting, cuckoo): when the estimated FPR reaches 2 p (or a cuckoo insert fails), a filter twice as large is built from every key the explorer inserted.
The scalable filter always grows by layers.</source>
        <translation>Что делает фильтр, когда заполняется.
отклонять: размер не меняется; вставки, которые он не может сохранить, не удаются (кукушкин фильтр) или растёт его FPR (фильтр Блума).
добавить ярус (кукушкин): следующие ключи принимает новая таблица вдвое больше; каждый ярус получает меньшую долю p, поэтому FPR всех ярусов вместе остаётся ниже p.
перестроить в больший (классический, блочный, счётный, кукушкин): когда оценка FPR достигает 2 p (или вставка в кукушкин фильтр не удаётся), из всех ключей, вставленных на вкладке «Исследование», строится фильтр вдвое больше.
Масштабируемый фильтр всегда растёт слоями.</translation>
    </message>
    <message>
        <source>&amp;When full</source>
        <translation>&amp;При заполнении</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::ParquetChooser</name>
    <message>
        <source>Open a bloom filter of %1</source>
        <translation>Открыть фильтр Блума из %1</translation>
    </message>
    <message>
        <source>Row group</source>
        <translation>Группа строк</translation>
    </message>
    <message>
        <source>Column</source>
        <translation>Столбец</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Тип</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>Значения</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>Фильтр</translation>
    </message>
    <message>
        <source>Blocks</source>
        <translation>Блоки</translation>
    </message>
    <message>
        <source>Fill</source>
        <translation>Заполненность</translation>
    </message>
    <message>
        <source>Est. distinct</source>
        <translation>Оценка различных</translation>
    </message>
    <message>
        <source>FPR now</source>
        <translation>FPR сейчас</translation>
    </message>
    <message>
        <source>Distinct</source>
        <translation>Различных</translation>
    </message>
    <message>
        <source>Verdict (1%)</source>
        <translation>Вердикт (1%)</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>no bloom filter: a reader cannot skip this chunk by value</source>
        <translation>нет фильтра Блума: программа чтения не может пропустить этот фрагмент по значению</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 байт</translation>
    </message>
    <message>
        <source>all bits set</source>
        <translation>все биты установлены</translation>
    </message>
    <message>
        <source>damaged</source>
        <translation>повреждён</translation>
    </message>
    <message>
        <source>%1 — written by %2: %3 rows in %4 row groups, %5 columns; %6 of %7 column chunks have a bloom filter. Choose one to open it in the explorer.</source>
        <translation>%1 — записал: %2; строк: %3, групп строк: %4, столбцов: %5; фильтр Блума есть у %6 из %7 фрагментов столбцов. Выберите один, чтобы открыть его на вкладке «Исследование».</translation>
    </message>
    <message>
        <source>an unnamed writer</source>
        <translation>программа без имени</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::RedisFilterWindow</name>
    <message>
        <source>Open Redis filter</source>
        <translation>Открыть фильтр Redis</translation>
    </message>
    <message>
        <source>Address (%1):</source>
        <translation>Адрес (%1):</translation>
    </message>
    <message>
        <source>Redis password</source>
        <translation>Пароль Redis</translation>
    </message>
    <message>
        <source>Password for %1 (kept for this window only, never saved):</source>
        <translation>Пароль для %1 (хранится только в этом окне и никогда не сохраняется):</translation>
    </message>
    <message>
        <source>Redis filter — %1</source>
        <translation>Фильтр Redis — %1</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Ключ</translation>
    </message>
    <message>
        <source>&amp;Query</source>
        <translation>&amp;Проверить</translation>
    </message>
    <message>
        <source>&amp;Insert on the server</source>
        <translation>&amp;Вставить на сервере</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Обновить</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 — ошибка: %2</translation>
    </message>
    <message>
        <source>“%1”: maybe (possibly in the set)</source>
        <translation>«%1»: возможно (может быть в множестве)</translation>
    </message>
    <message>
        <source>“%1”: no (certainly not inserted)</source>
        <translation>«%1»: нет (точно не вставлялся)</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>Проверка</translation>
    </message>
    <message>
        <source>“%1”: inserted on the server</source>
        <translation>«%1»: вставлен на сервере</translation>
    </message>
    <message>
        <source>Insert</source>
        <translation>Вставка</translation>
    </message>
    <message>
        <source>%1
%2 filter: m = %3 bits (%4), k = %5, hash %6
%7 segments on %8 node(s): %9
items (counter): %10; estimated from the fill (Swamidass–Baldi): %11
fill ratio %12, estimated FPR now %13</source>
        <translation>%1
фильтр %2: m = %3 бит (%4), k = %5, хеш %6
сегментов: %7, узлов: %8 — %9
элементов (по счётчику): %10; оценка по заполненности (Swamidass–Baldi): %11
заполненность %12, оценка FPR сейчас %13</translation>
    </message>
    <message>
        <source>Bits: a copy downloaded from the server (Refresh downloads it again).</source>
        <translation type="vanished">Биты: копия, загруженная с сервера («Обновить» загружает её заново).</translation>
    </message>
    <message>
        <source>Bits not shown: this filter&apos;s bitset is %1, and the bit view downloads filters of at most %2. Statistics, query and insert work at any size.</source>
        <translation type="vanished">Биты не показаны: битовый массив этого фильтра занимает %1, а представление битов загружает фильтры не больше %2. Статистика, проверка и вставка работают при любом размере.</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Обновить</translation>
    </message>
    <message>
        <source>Bits: the whole filter (%1), read from the server. Refresh reads them again.</source>
        <translation>Биты: весь фильтр (%1), прочитан с сервера. «Обновить» читает их заново.</translation>
    </message>
    <message>
        <source>Bits: a sample, not the whole filter. The bitset is %1 (above the %2 the view reads whole), so the view shows %3 ranges of %4, one every %5: %6 in all, %7 % of the bits. Bit i of the view is bit i of the sample. Statistics, query and insert use the whole filter. Refresh reads the sample again.</source>
        <translation>Биты: выборка, а не весь фильтр. Битовый массив занимает %1 (больше предела %2, до которого представление читает его целиком), поэтому показаны диапазоны по %4 (их %3), по одному на каждые %5: всего %6, это %7 % битов. Бит i в представлении — это бит i выборки. Статистика, проверка и вставка используют весь фильтр. «Обновить» читает выборку заново.</translation>
    </message>
    <message>
        <source>%1
Not connected yet.</source>
        <translation>%1
Ещё не подключено.</translation>
    </message>
    <message>
        <source>Insert &amp;file…</source>
        <translation>Вставить из &amp;файла…</translation>
    </message>
    <message>
        <source>Inserts every line of a key file (exact bytes) on the server, in batches</source>
        <translation>Вставляет на сервере каждую строку файла ключей (байт в байт), пакетами</translation>
    </message>
    <message>
        <source>Reads the statistics and the bits again (connects first when needed)</source>
        <translation>Заново читает статистику и биты (при необходимости сначала подключается)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>От&amp;мена</translation>
    </message>
    <message>
        <source>No bits read yet.</source>
        <translation>Биты ещё не прочитаны.</translation>
    </message>
    <message>
        <source>Insert keys from file</source>
        <translation>Вставить ключи из файла</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>отменено</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>недостаточно памяти</translation>
    </message>
    <message>
        <source>Ready.</source>
        <translation>Готово.</translation>
    </message>
    <message>
        <source>Connecting to %1</source>
        <translation>Подключение к %1</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Подключение к %1…</translation>
    </message>
    <message>
        <source>Reading the statistics and bits of %1…</source>
        <translation>Чтение статистики и битов %1…</translation>
    </message>
    <message>
        <source>Asking the server about “%1”…</source>
        <translation>Запрос к серверу о «%1»…</translation>
    </message>
    <message>
        <source>Inserting “%1” on the server…</source>
        <translation>Вставка «%1» на сервере…</translation>
    </message>
    <message>
        <source>Insert from file failed: “%1” is not a readable regular file (a key file, one key per line)</source>
        <translation type="vanished">Не удалось вставить из файла: «%1» — не обычный файл, доступный для чтения (нужен файл ключей, по одному ключу в строке)</translation>
    </message>
    <message>
        <source>Insert from %1</source>
        <translation>Вставка из %1</translation>
    </message>
    <message>
        <source>Inserted %1 keys from %2…</source>
        <translation>Вставлено ключей из %2: %1…</translation>
    </message>
    <message>
        <source>Inserted %1 keys from %2 on the server</source>
        <translation>На сервере вставлено ключей из %2: %1</translation>
    </message>
    <message>
        <source>Inserting the keys of %1…</source>
        <translation>Вставка ключей из %1…</translation>
    </message>
    <message>
        <source>Cancelled: %1 stopped (keys already sent stay in the filter). The next action connects again.</source>
        <translation>Отменено: %1 — прервано (уже отправленные ключи остаются в фильтре). Следующее действие подключится заново.</translation>
    </message>
    <message>
        <source>Insert from file failed: %1</source>
        <translation>Не удалось вставить из файла: %1</translation>
    </message>
    <message>
        <source>There is no filter to copy.</source>
        <translation>Нет фильтра для копирования.</translation>
    </message>
    <message>
        <source>Copy filter to Redis</source>
        <translation>Копировать фильтр в Redis</translation>
    </message>
    <message>
        <source>Copying the filter to %1</source>
        <translation>Копирование фильтра в %1</translation>
    </message>
    <message>
        <source>Copying the filter to %1…</source>
        <translation>Копирование фильтра в %1…</translation>
    </message>
    <message>
        <source>Only classic and blocked Bloom filters can live on Redis; this one is a %1 filter. Choose %2 or %3 as the Type under Parameters, insert the keys and copy again.</source>
        <translation>В Redis могут храниться только классические и блочные фильтры Блума; этот фильтр — %1. Выберите «%2» или «%3» как тип в панели «Параметры», вставьте ключи и скопируйте снова.</translation>
    </message>
    <message>
        <source>Cancelled: %1 stopped, and what it had written to the server is deleted again. Refresh copies the filter again.</source>
        <translation>Отменено: %1 остановлено, и то, что уже было записано на сервер, снова удалено. «Обновить» скопирует фильтр заново.</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::SpeedupChartView</name>
    <message>
        <source>Speedup against hot ratio</source>
        <translation>Ускорение в зависимости от доли горячих запросов</translation>
    </message>
    <message>
        <source>measured (median of repeats)</source>
        <translation>измерено (медиана повторов)</translation>
    </message>
    <message>
        <source>model</source>
        <translation>модель</translation>
    </message>
    <message>
        <source>2× target</source>
        <translation>цель 2×</translation>
    </message>
    <message>
        <source>hot ratio slider</source>
        <translation>ползунок доли горячих запросов</translation>
    </message>
    <message>
        <source>hot ratio h (share of queries the backend can answer)</source>
        <translation>доля горячих запросов h (доля запросов, на которые бэкенд может ответить)</translation>
    </message>
    <message>
        <source>speedup (×)</source>
        <translation>ускорение (×)</translation>
    </message>
    <message>
        <source>speedup = time without the filter / time with the filter, for the same queries.
model = (h·c_hot + (1−h)·c_cold) / (c_f + h·c_hot + (1−h)·FPR·c_cold)
Hover over a measured point for its latencies.</source>
        <translation>ускорение = время без фильтра / время с фильтром для одних и тех же запросов.
модель = (h·c_hot + (1−h)·c_cold) / (c_f + h·c_hot + (1−h)·FPR·c_cold)
Наведите курсор на измеренную точку, чтобы увидеть её задержки.</translation>
    </message>
    <message>
        <source>h = %1
speedup %2× (p50 %3×)
p50 with %4 µs, without %5 µs
FPR on cold queries %6
model %7×</source>
        <translation>h = %1
ускорение %2× (p50 %3×)
p50 с фильтром %4 мкс, без фильтра %5 мкс
FPR на холодных запросах %6
модель %7×</translation>
    </message>
    <message>
        <source>Queries per repeat and hot ratio (bloomlab-cli bench uses 20,000).</source>
        <translation>Число запросов на повтор для каждой доли горячих запросов (bloomlab-cli bench использует 20 000).</translation>
    </message>
    <message>
        <source>Repeats per hot ratio; the chart shows their median.</source>
        <translation>Число повторов для каждой доли горячих запросов; диаграмма показывает их медиану.</translation>
    </message>
    <message>
        <source>Phrases in the simulated store (bloomlab-cli bench: 100,000). The hot set is n of them, so n must not exceed this.</source>
        <translation>Число фраз в моделируемом хранилище (bloomlab-cli bench: 100 000). Горячий набор — n из них, поэтому n не должно превышать это число.</translation>
    </message>
    <message>
        <source>&amp;Run sweep</source>
        <translation>&amp;Запустить прогон</translation>
    </message>
    <message>
        <source>Measure speedup at each hot ratio on a worker thread (F5).</source>
        <translation>Измерить ускорение при каждой доле горячих запросов в фоновом потоке (F5).</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>От&amp;мена</translation>
    </message>
    <message>
        <source>Press Run to measure.</source>
        <translation>Нажмите «Запустить прогон», чтобы начать измерение.</translation>
    </message>
    <message>
        <source>Queries</source>
        <translation>Запросы</translation>
    </message>
    <message>
        <source>Repeats</source>
        <translation>Повторы</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>Корпус</translation>
    </message>
    <message>
        <source>Running: %1</source>
        <translation>Выполняется: %1</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n point(s).</source>
        <translation>
            <numerusform>Отменено после %n точки.</numerusform>
            <numerusform>Отменено после %n точек.</numerusform>
            <numerusform>Отменено после %n точек.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %n point(s).</source>
        <translation>
            <numerusform>Готово: %n точка.</numerusform>
            <numerusform>Готово: %n точки.</numerusform>
            <numerusform>Готово: %n точек.</numerusform>
        </translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Ошибка: %1</translation>
    </message>
    <message>
        <source>Benchmark error: %1</source>
        <translation>Ошибка бенчмарка: %1</translation>
    </message>
    <message>
        <source>nothing has been measured yet.</source>
        <translation>ещё ничего не измерено.</translation>
    </message>
    <message>
        <source>still showing the previous run (%1).</source>
        <translation>всё ещё показан предыдущий прогон (%1).</translation>
    </message>
    <message>
        <source>Run refused: %1</source>
        <translation>Запуск отклонён: %1</translation>
    </message>
    <message>
        <source>Benchmark run refused: %1</source>
        <translation>Запуск бенчмарка отклонён: %1</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Запуск…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Отмена…</translation>
    </message>
    <message>
        <source>Parameters changed: restarting…</source>
        <translation>Параметры изменились: перезапуск…</translation>
    </message>
    <message>
        <source>hot ratio</source>
        <translation>доля горячих</translation>
    </message>
    <message>
        <source>speedup</source>
        <translation>ускорение</translation>
    </message>
    <message>
        <source>p50 speedup</source>
        <translation>ускорение p50</translation>
    </message>
    <message>
        <source>p50 with (µs)</source>
        <translation>p50 с фильтром (мкс)</translation>
    </message>
    <message>
        <source>p50 without (µs)</source>
        <translation>p50 без фильтра (мкс)</translation>
    </message>
    <message>
        <source>p99 with (µs)</source>
        <translation>p99 с фильтром (мкс)</translation>
    </message>
    <message>
        <source>FPR (cold)</source>
        <translation>FPR (холодные)</translation>
    </message>
    <message>
        <source>%1 filter, n = %2, p = %3, backend %4</source>
        <translation>фильтр: %1, n = %2, p = %3, бэкенд %4</translation>
    </message>
    <message>
        <source>Speedup against hot ratio — %1</source>
        <translation>Ускорение в зависимости от доли горячих запросов — %1</translation>
    </message>
    <message>
        <source>Speedup against hot ratio — %1 (not run yet)</source>
        <translation>Ускорение в зависимости от доли горячих запросов — %1 (ещё не запускался)</translation>
    </message>
    <message>
        <source>Showing the run of %1; the parameters have changed since (Run sweep measures them).</source>
        <translation>Показан прогон от %1; с тех пор параметры изменились (их измерит «Запустить прогон»).</translation>
    </message>
    <message>
        <source>&amp;Restart</source>
        <translation>Пе&amp;резапустить</translation>
    </message>
    <message>
        <source>There are no benchmark results yet: run the sweep first.</source>
        <translation>Результатов бенчмарка пока нет: сначала запустите прогон.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="vanished">Не удаётся записать %1: %2</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::TeachingLessons</name>
    <message>
        <source>bit &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>бит &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>bits &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>биты &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Hash %1</source>
        <translation>Хеширование %1</translation>
    </message>
    <message>
        <source>XXH3-128 turns %1 into a 128-bit number. Its low half is &lt;b&gt;h1&lt;/b&gt; = %2, its high half (made odd, so it is never 0) is &lt;b&gt;h2&lt;/b&gt; = %3.&lt;br&gt;The %4 positions are &lt;i&gt;g&lt;sub&gt;j&lt;/sub&gt; = h1 + j·h2&lt;/i&gt; (mod 2&lt;sup&gt;64&lt;/sup&gt;), each mapped onto 0…%5 by &lt;i&gt;⌊g&lt;sub&gt;j&lt;/sub&gt;·m / 2&lt;sup&gt;64&lt;/sup&gt;⌋&lt;/i&gt; (double hashing: one hash gives all k positions).</source>
        <translation>XXH3-128 превращает %1 в 128-битное число. Его младшая половина — &lt;b&gt;h1&lt;/b&gt; = %2, старшая (сделанная нечётной, чтобы никогда не быть 0) — &lt;b&gt;h2&lt;/b&gt; = %3.&lt;br&gt;Позиции (всего %4) — это &lt;i&gt;g&lt;sub&gt;j&lt;/sub&gt; = h1 + j·h2&lt;/i&gt; (mod 2&lt;sup&gt;64&lt;/sup&gt;), каждая отображается на 0…%5 по формуле &lt;i&gt;⌊g&lt;sub&gt;j&lt;/sub&gt;·m / 2&lt;sup&gt;64&lt;/sup&gt;⌋&lt;/i&gt; (двойное хеширование: один хеш даёт все k позиций).</translation>
    </message>
    <message>
        <source>Position %1 → bit %2</source>
        <translation>Позиция %1 → бит %2</translation>
    </message>
    <message>
        <source>g&lt;sub&gt;%1&lt;/sub&gt; = h1 + %1·h2 = %2 → ⌊g·%3 / 2&lt;sup&gt;64&lt;/sup&gt;⌋ = &lt;b&gt;%4&lt;/b&gt;. </source>
        <translation>g&lt;sub&gt;%1&lt;/sub&gt; = h1 + %1·h2 = %2 → ⌊g·%3 / 2&lt;sup&gt;64&lt;/sup&gt;⌋ = &lt;b&gt;%4&lt;/b&gt;. </translation>
    </message>
    <message>
        <source>Position %1 is bit &lt;b&gt;%2&lt;/b&gt;. </source>
        <translation>Позиция %1 — это бит &lt;b&gt;%2&lt;/b&gt;. </translation>
    </message>
    <message>
        <source>The same bit as position %1 of this word: g&lt;sub&gt;%2&lt;/sub&gt; and g&lt;sub&gt;%3&lt;/sub&gt; are different numbers, but the range reduction maps both to bit %4, so this probe changes nothing.</source>
        <translation>Тот же бит, что и у позиции %1 этого слова: g&lt;sub&gt;%2&lt;/sub&gt; и g&lt;sub&gt;%3&lt;/sub&gt; — разные числа, но приведение к диапазону отображает оба в бит %4, поэтому эта проба ничего не меняет.</translation>
    </message>
    <message>
        <source>Bit %1 was already 1 and stays 1.</source>
        <translation>Бит %1 уже был равен 1 и остаётся 1.</translation>
    </message>
    <message>
        <source>Bit %1 was already 1 (set by %2) and stays 1: words share bits.</source>
        <translation>Бит %1 уже был равен 1 (его установили: %2) и остаётся 1: слова делят биты между собой.</translation>
    </message>
    <message>
        <source>Bit %1 was 0 and &lt;b&gt;turns on&lt;/b&gt;.</source>
        <translation>Бит %1 был равен 0 и &lt;b&gt;включается&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>Done: %1 is in the filter</source>
        <translation>Готово: %1 в фильтре</translation>
    </message>
    <message numerus="yes">
        <source>All %1 probes of %2 find a 1 now: %n bit(s) turned on</source>
        <translation>
            <numerusform>Все пробы (%1) для %2 теперь находят 1: включён %n бит</numerusform>
            <numerusform>Все пробы (%1) для %2 теперь находят 1: включено %n бита</numerusform>
            <numerusform>Все пробы (%1) для %2 теперь находят 1: включено %n бит</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n bit(s) were already set.</source>
        <translation>
            <numerusform>, %n бит уже был установлен.</numerusform>
            <numerusform>, %n бита уже были установлены.</numerusform>
            <numerusform>, %n бит уже были установлены.</numerusform>
        </translation>
    </message>
    <message>
        <source>Added %1: bits %2</source>
        <translation>Добавлено %1: биты %2</translation>
    </message>
    <message>
        <source> (%1 distinct)</source>
        <translation> (различных: %1)</translation>
    </message>
    <message>
        <source>Query %1</source>
        <translation>Запрос %1</translation>
    </message>
    <message>
        <source>The query hashes %1 exactly like an insert would, giving the same %2 positions: %3. Now each bit is checked in turn.</source>
        <translation>Запрос хеширует %1 точно так же, как вставка, и получает те же позиции (%2): %3. Теперь биты проверяются по очереди.</translation>
    </message>
    <message>
        <source>Bit %1 is 0 → definitely not</source>
        <translation>Бит %1 равен 0 → точно нет</translation>
    </message>
    <message>
        <source>Bit %1 is &lt;b&gt;0&lt;/b&gt;. Adding %2 would have set it, and bits are never cleared, so %2 was &lt;b&gt;definitely not&lt;/b&gt; added. The filter can stop here: one zero is proof.%3</source>
        <translation>Бит %1 равен &lt;b&gt;0&lt;/b&gt;. Добавление %2 установило бы его, а биты никогда не сбрасываются, значит, %2 &lt;b&gt;точно не&lt;/b&gt; добавляли. Фильтр может остановиться здесь: одного нуля достаточно для доказательства.%3</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;span style=&apos;color:#c62828&apos;&gt;(It was added, so the filter is broken — this never happens with an intact Bloom filter.)&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style=&apos;color:#c62828&apos;&gt;(Но его добавляли, значит, фильтр повреждён — с исправным фильтром Блума такого никогда не бывает.)&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Bit %1 is 1</source>
        <translation>Бит %1 равен 1</translation>
    </message>
    <message>
        <source>Bit %1 is &lt;b&gt;1&lt;/b&gt;. Keep checking.</source>
        <translation>Бит %1 равен &lt;b&gt;1&lt;/b&gt;. Проверяем дальше.</translation>
    </message>
    <message>
        <source>Bit %1 is &lt;b&gt;1&lt;/b&gt; (set by %2). Keep checking.</source>
        <translation>Бит %1 равен &lt;b&gt;1&lt;/b&gt; (его установили: %2). Проверяем дальше.</translation>
    </message>
    <message>
        <source>Bit %1 again</source>
        <translation>Снова бит %1</translation>
    </message>
    <message>
        <source>Position %1 is bit %2 again, the same bit as position %3 (the range reduction maps both hash values to it): nothing new is learned. Keep checking.</source>
        <translation>Позиция %1 — снова бит %2, тот же, что у позиции %3 (приведение к диапазону отображает в него оба хеш-значения): ничего нового мы не узнаём. Проверяем дальше.</translation>
    </message>
    <message numerus="yes">
        <source>All %n probed bit(s) are 1 → maybe (true positive)</source>
        <translation>
            <numerusform>Все проверенные биты (%n) равны 1 → возможно (истинноположительное срабатывание)</numerusform>
            <numerusform>Все проверенные биты (%n) равны 1 → возможно (истинноположительное срабатывание)</numerusform>
            <numerusform>Все проверенные биты (%n) равны 1 → возможно (истинноположительное срабатывание)</numerusform>
        </translation>
    </message>
    <message>
        <source>Every probed bit is 1, so the answer is &lt;b&gt;maybe&lt;/b&gt;. %1 was added, so this is a true positive: a Bloom filter never forgets a word it was given.</source>
        <translation>Все проверенные биты равны 1, поэтому ответ — &lt;b&gt;возможно&lt;/b&gt;. %1 добавляли, так что это истинноположительное срабатывание: фильтр Блума никогда не забывает слово, которое ему дали.</translation>
    </message>
    <message>
        <source>bit %1 ← %2</source>
        <translation>бит %1 ← %2</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message numerus="yes">
        <source>All %n probed bit(s) are 1 → maybe, but a FALSE POSITIVE</source>
        <translation>
            <numerusform>Все проверенные биты (%n) равны 1 → возможно, но это ЛОЖНОПОЛОЖИТЕЛЬНОЕ СРАБАТЫВАНИЕ</numerusform>
            <numerusform>Все проверенные биты (%n) равны 1 → возможно, но это ЛОЖНОПОЛОЖИТЕЛЬНОЕ СРАБАТЫВАНИЕ</numerusform>
            <numerusform>Все проверенные биты (%n) равны 1 → возможно, но это ЛОЖНОПОЛОЖИТЕЛЬНОЕ СРАБАТЫВАНИЕ</numerusform>
        </translation>
    </message>
    <message>
        <source>Every probed bit is 1, so the filter says &lt;b&gt;maybe&lt;/b&gt; — yet %1 was &lt;b&gt;never added&lt;/b&gt;. Its bits were set by other words: %2.&lt;br&gt;That is a &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;false positive&lt;/b&gt;&lt;/span&gt;. A &quot;maybe&quot; must always be checked against the real data; only &quot;definitely not&quot; is certain.</source>
        <translation>Все проверенные биты равны 1, поэтому фильтр отвечает &lt;b&gt;возможно&lt;/b&gt; — но %1 &lt;b&gt;никогда не добавляли&lt;/b&gt;. Его биты установили другие слова: %2.&lt;br&gt;Это &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;ложноположительное срабатывание&lt;/b&gt;&lt;/span&gt;. Ответ «возможно» всегда нужно проверять по настоящим данным; достоверен только ответ «точно нет».</translation>
    </message>
    <message>
        <source>%1: definitely not</source>
        <translation>%1: точно нет</translation>
    </message>
    <message>
        <source>%1: maybe (it was added)</source>
        <translation>%1: возможно (его добавляли)</translation>
    </message>
    <message>
        <source>%1: maybe — a false positive</source>
        <translation>%1: возможно — ложноположительное срабатывание</translation>
    </message>
    <message>
        <source>No two words share a bit; try a smaller m.</source>
        <translation>Ни у каких двух слов нет общего бита; попробуйте меньшее m.</translation>
    </message>
    <message>
        <source>%1 and %2 share bit %3</source>
        <translation>У %1 и %2 общий бит %3</translation>
    </message>
    <message>
        <source>%1 uses bits %2; %3 uses bits %4. Both need %5.%6&lt;br&gt;Suppose we want to delete %1.</source>
        <translation>%1 использует биты %2; %3 — биты %4. Оба используют %5.%6&lt;br&gt;Допустим, мы хотим удалить %1.</translation>
    </message>
    <message numerus="yes">
        <source> (%n sample word(s) were added so that two words share a bit.)</source>
        <translation>
            <numerusform> (Добавлено %n слово для примера, чтобы у двух слов был общий бит.)</numerusform>
            <numerusform> (Добавлено %n слова для примера, чтобы у двух слов был общий бит.)</numerusform>
            <numerusform> (Добавлено %n слов для примера, чтобы у двух слов был общий бит.)</numerusform>
        </translation>
    </message>
    <message>
        <source>Clear the bits of %1</source>
        <translation>Сбрасываем биты %1</translation>
    </message>
    <message>
        <source>The naive delete: set %1&apos;s bits (%2) back to 0. A plain bit cannot say how many words set it, so %3 is cleared too, although %4 still needs it.</source>
        <translation>Наивное удаление: вернуть биты %1 (%2) в 0. Обычный бит не знает, сколько слов его установили, поэтому сбрасывается и %3, хотя он всё ещё нужен слову %4.</translation>
    </message>
    <message>
        <source>Query %1 → &quot;definitely not&quot;: a FALSE NEGATIVE</source>
        <translation>Запрос %1 → «точно нет»: ЛОЖНООТРИЦАТЕЛЬНЫЙ ОТВЕТ</translation>
    </message>
    <message>
        <source>Now %1 finds bit %2 at 0 and the filter answers &lt;b&gt;definitely not&lt;/b&gt; — but %1 was added! This is a &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;false negative&lt;/b&gt;&lt;/span&gt;, the one mistake a Bloom filter must never make. That is why a classic Bloom filter has no delete: rebuild it instead.</source>
        <translation>Теперь %1 находит бит %2 равным 0, и фильтр отвечает &lt;b&gt;точно нет&lt;/b&gt; — но %1 добавляли! Это &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;ложноотрицательный ответ&lt;/b&gt;&lt;/span&gt; — единственная ошибка, которую фильтр Блума не должен допускать никогда. Поэтому в классическом фильтре Блума нет удаления: вместо этого его перестраивают.</translation>
    </message>
    <message>
        <source>%1 four-bit counters are %1 × 4 = %2 bits, against %3 bits for the classic filter: &lt;b&gt;%4×&lt;/b&gt; the memory</source>
        <translation>%1 четырёхбитных счётчиков — это %1 × 4 = %2 бит против %3 бит у классического фильтра: &lt;b&gt;%4×&lt;/b&gt; по памяти</translation>
    </message>
    <message>
        <source>counter %1 = %2</source>
        <translation>счётчик %1 = %2</translation>
    </message>
    <message>
        <source>A counting filter: counters instead of bits</source>
        <translation>Счётный фильтр: счётчики вместо битов</translation>
    </message>
    <message>
        <source>A &lt;b&gt;counting Bloom filter&lt;/b&gt; keeps a 4-bit counter per cell and adds 1 for each word that uses it (its counters come in 64-byte lines of 128, so it has its own positions). The same %1 words are inserted. %2 uses counters %3; %4 uses %5. Both use &lt;b&gt;%6&lt;/b&gt;: %7.</source>
        <translation>&lt;b&gt;Счётный фильтр Блума&lt;/b&gt; хранит для каждой ячейки 4-битный счётчик и прибавляет 1 за каждое слово, которое её использует (его счётчики сгруппированы в 64-байтные строки по 128, поэтому позиции у него свои). Вставляются те же слова (%1). %2 использует счётчики %3; %4 — %5. Оба используют &lt;b&gt;%6&lt;/b&gt;: %7.</translation>
    </message>
    <message>
        <source>counter %1 drops to %2</source>
        <translation>счётчик %1 уменьшается до %2</translation>
    </message>
    <message>
        <source>erase(%1) refused: one of its counters was 0.</source>
        <translation>erase(%1) отклонён: один из его счётчиков был равен 0.</translation>
    </message>
    <message>
        <source>Deleting %1 subtracts 1 from each of its counters (%2): %3, because %4 still counts in it. (A counter that reached 15 sticks at 15 forever, so an overflow can never cause a false negative.)</source>
        <translation>Удаление %1 вычитает 1 из каждого его счётчика (%2): %3, потому что %4 всё ещё в нём учитывается. (Счётчик, достигший 15, навсегда остаётся равным 15, поэтому переполнение никогда не приведёт к ложноотрицательному ответу.)</translation>
    </message>
    <message>
        <source>erase(%1) decrements its counters</source>
        <translation>erase(%1) уменьшает его счётчики</translation>
    </message>
    <message>
        <source>Query %1 → still found</source>
        <translation>Запрос %1 → всё ещё найден</translation>
    </message>
    <message>
        <source>All counters of %1 are still above 0 — including the shared counter %2 — so %1 is &lt;b&gt;still found&lt;/b&gt;: the counting filter deleted %3 safely. The price: %4; and you may only delete words that really were added.</source>
        <translation>Все счётчики %1 всё ещё больше 0 — включая общий счётчик %2, — поэтому %1 &lt;b&gt;по-прежнему находится&lt;/b&gt;: счётный фильтр безопасно удалил %3. Цена: %4; к тому же удалять можно только те слова, которые действительно добавляли.</translation>
    </message>
    <message>
        <source>%1 is not found — this should not happen.</source>
        <translation>%1 не найден — такого быть не должно.</translation>
    </message>
    <message>
        <source>Why no delete: step through with Next (Alt+Right).</source>
        <translation>Почему нельзя удалять: проходите по шагам кнопкой «Далее» (Alt+Right).</translation>
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
        <translation>Отпечаток и корзины %1</translation>
    </message>
    <message>
        <source>The hash of %1 gives an 8-bit &lt;b&gt;fingerprint&lt;/b&gt; f = &lt;b&gt;%2&lt;/b&gt; (never 0: 0 marks an empty slot) and bucket &lt;b&gt;i1 = %3&lt;/b&gt;. The other bucket is %4. Because i2 needs only f, a stored fingerprint can later move between its two buckets without the original word (the same rule maps i2 back to i1).%5</source>
        <translation>Хеш %1 даёт 8-битный &lt;b&gt;отпечаток&lt;/b&gt; f = &lt;b&gt;%2&lt;/b&gt; (никогда не 0: 0 обозначает пустой слот) и корзину &lt;b&gt;i1 = %3&lt;/b&gt;. Вторая корзина — %4. Поскольку для i2 нужен только f, сохранённый отпечаток позже может переходить между двумя своими корзинами без исходного слова (то же правило переводит i2 обратно в i1).%5</translation>
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
        <translation>&lt;br&gt;Здесь i2 = i1: hash(f) mod %1 равно 0, поэтому обе корзины слова — одна и та же корзина, и выбирать можно из 4 слотов, а не из 8.</translation>
    </message>
    <message>
        <source>Stored in bucket %1, slot %2</source>
        <translation>Сохранён в корзине %1, слот %2</translation>
    </message>
    <message>
        <source>Bucket %1 had a free slot, so f = 0x%2 goes into slot %3. Done — no other fingerprint moved.</source>
        <translation>В корзине %1 был свободный слот, поэтому f = 0x%2 помещается в слот %3. Готово — ни один другой отпечаток не сдвинулся.</translation>
    </message>
    <message>
        <source>Both buckets are full</source>
        <translation>Обе корзины заполнены</translation>
    </message>
    <message>
        <source>All slots of buckets %1 and %2 are taken. The cuckoo filter makes room: it picks one of the two buckets at random (here bucket %3) and a random slot in it (slot %4), puts f there and &lt;b&gt;kicks&lt;/b&gt; out the fingerprint that was in it, to &lt;i&gt;its&lt;/i&gt; other bucket.</source>
        <translation>Все слоты корзин %1 и %2 заняты. Кукушкин фильтр освобождает место: он выбирает случайную из двух корзин (здесь корзину %3) и случайный слот в ней (слот %4), кладёт туда f и &lt;b&gt;вытесняет&lt;/b&gt; отпечаток, который там был, в &lt;i&gt;его&lt;/i&gt; другую корзину.</translation>
    </message>
    <message>
        <source>Kick %1: %2 out of bucket %3 and back into it</source>
        <translation>Вытеснение %1: %2 из корзины %3 и обратно в неё</translation>
    </message>
    <message>
        <source>Kick %1: %2 from bucket %3 to %4</source>
        <translation>Вытеснение %1: %2 из корзины %3 в %4</translation>
    </message>
    <message>
        <source>&lt;b&gt;0x%1&lt;/b&gt; goes into bucket %2, slot %3 and pushes out fingerprint &lt;b&gt;%4&lt;/b&gt;, which is now out of the table (the grid shows the table at this moment). %5.</source>
        <translation>&lt;b&gt;0x%1&lt;/b&gt; помещается в корзину %2, слот %3 и выталкивает отпечаток &lt;b&gt;%4&lt;/b&gt;, который теперь находится вне таблицы (сетка показывает таблицу в этот момент). %5.</translation>
    </message>
    <message>
        <source>Its other bucket</source>
        <translation>Его другая корзина</translation>
    </message>
    <message>
        <source> hash(%1) mod %2 is 0, so both buckets of %1 are bucket %3: it can only go back into the bucket it was just pushed out of.</source>
        <translation> hash(%1) mod %2 равно 0, поэтому обе корзины %1 — это корзина %3: он может вернуться только в ту корзину, из которой его только что вытолкнули.</translation>
    </message>
    <message>
        <source> Bucket %1 is full, so %2 takes a slot there and kicks the next fingerprint out.</source>
        <translation> Корзина %1 заполнена, поэтому %2 занимает в ней слот и вытесняет следующий отпечаток.</translation>
    </message>
    <message>
        <source> Bucket %1 has a free slot (slot %2): %3 goes there and the chain ends.</source>
        <translation> В корзине %1 есть свободный слот (слот %2): %3 помещается туда, и цепочка заканчивается.</translation>
    </message>
    <message>
        <source> Bucket %1 is full too, and this was the last kick allowed: %2 goes to the &lt;b&gt;stash&lt;/b&gt;, a single spare place next to the table.</source>
        <translation> Корзина %1 тоже заполнена, а это было последнее разрешённое вытеснение: %2 отправляется в &lt;b&gt;резерв&lt;/b&gt; — единственное запасное место рядом с таблицей.</translation>
    </message>
    <message>
        <source>%1. 0x%2: bucket %3 → %4</source>
        <translation>%1. 0x%2: корзина %3 → %4</translation>
    </message>
    <message numerus="yes">
        <source>Done after %n kick(s)</source>
        <translation>
            <numerusform>Готово после %n вытеснения</numerusform>
            <numerusform>Готово после %n вытеснений</numerusform>
            <numerusform>Готово после %n вытеснений</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is stored (bucket %2, slot %3), and every moved fingerprint sits in one of its own two buckets, so every word is still found. The arrows are numbered in kick order: %4. Long chains mean the table is nearly full (load %5 %).</source>
        <translation type="vanished">%1 сохранён (корзина %2, слот %3), и каждый перемещённый отпечаток лежит в одной из двух своих корзин, поэтому все слова по-прежнему находятся. Стрелки пронумерованы в порядке вытеснений: %4. Длинные цепочки означают, что таблица почти заполнена (заполненность %5 %).</translation>
    </message>
    <message numerus="yes">
        <source>Done after %n kick(s): one fingerprint waits in the stash</source>
        <translation>
            <numerusform>Готово после %n вытеснения: один отпечаток ждёт в резерве</numerusform>
            <numerusform>Готово после %n вытеснений: один отпечаток ждёт в резерве</numerusform>
            <numerusform>Готово после %n вытеснений: один отпечаток ждёт в резерве</numerusform>
        </translation>
    </message>
    <message>
        <source>After %1 kicks there was still no free slot. The last evicted fingerprint, 0x%2, is kept in the &lt;b&gt;stash&lt;/b&gt;, so no word is lost and every word is still found. The kicks: %3. The filter is full now: the next insert that finds both its buckets full is refused — rebuild it larger.</source>
        <translation type="vanished">После %1 вытеснений свободного слота так и не нашлось. Последний вытесненный отпечаток, 0x%2, хранится в &lt;b&gt;резерве&lt;/b&gt;, так что ни одно слово не потеряно и все слова по-прежнему находятся. Вытеснения: %3. Теперь фильтр заполнен: следующая вставка, у которой обе корзины окажутся полными, будет отклонена — перестройте фильтр большего размера.</translation>
    </message>
    <message>
        <source>Refused: the filter is full</source>
        <translation>Отклонено: фильтр заполнен</translation>
    </message>
    <message>
        <source>Both buckets are full and the stash is already occupied, so the insert returns &lt;b&gt;false&lt;/b&gt; and changes nothing. Nothing that was stored is lost.</source>
        <translation>Обе корзины заполнены, а резерв уже занят, поэтому вставка возвращает &lt;b&gt;false&lt;/b&gt; и ничего не меняет. Ничего из сохранённого не теряется.</translation>
    </message>
    <message numerus="yes">
        <source>Added %1 (%n kick(s))</source>
        <translation>
            <numerusform>Добавлено %1 (%n вытеснение)</numerusform>
            <numerusform>Добавлено %1 (%n вытеснения)</numerusform>
            <numerusform>Добавлено %1 (%n вытеснений)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 was refused: the cuckoo filter is full</source>
        <translation>%1 отклонён: кукушкин фильтр заполнен</translation>
    </message>
    <message>
        <source>0x%1 found → maybe (true positive)</source>
        <translation>0x%1 найден → возможно (истинноположительное срабатывание)</translation>
    </message>
    <message>
        <source>0x%1 found → maybe, a FALSE POSITIVE</source>
        <translation>0x%1 найден → возможно, но это ЛОЖНОПОЛОЖИТЕЛЬНОЕ СРАБАТЫВАНИЕ</translation>
    </message>
    <message>
        <source>0x%1 not found → definitely not</source>
        <translation>0x%1 не найден → точно нет</translation>
    </message>
    <message>
        <source>%1 has fingerprint f = 0x%2 and buckets %3 and %4. The query looks at those 8 slots only. </source>
        <translation>У %1 отпечаток f = 0x%2 и корзины %3 и %4. Запрос смотрит только на эти 8 слотов. </translation>
    </message>
    <message>
        <source>No slot holds 0x%1, so %2 is &lt;b&gt;definitely not&lt;/b&gt; in the filter.</source>
        <translation>Ни в одном слоте нет 0x%1, поэтому %2 в фильтре &lt;b&gt;точно нет&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>A slot holds 0x%1 → &lt;b&gt;maybe&lt;/b&gt;; %2 was added, so this is right.</source>
        <translation>В одном из слотов есть 0x%1 → &lt;b&gt;возможно&lt;/b&gt;; %2 добавляли, так что ответ верный.</translation>
    </message>
    <message>
        <source>A slot holds 0x%1 — but it belongs to another word with the same fingerprint in the same bucket. %2 was never added: a &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;false positive&lt;/b&gt;&lt;/span&gt;. With 8-bit fingerprints this happens for at most 8/256 ≈ 3 % of absent words.</source>
        <translation>В одном из слотов есть 0x%1 — но он принадлежит другому слову с тем же отпечатком в той же корзине. %2 никогда не добавляли: это &lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;ложноположительное срабатывание&lt;/b&gt;&lt;/span&gt;. При 8-битных отпечатках так бывает не более чем для 8/256 ≈ 3 % отсутствующих слов.</translation>
    </message>
    <message>
        <source>probes %1 and %2 both land on bit %3</source>
        <translation>пробы %1 и %2 обе попадают в бит %3</translation>
    </message>
    <message>
        <source>probes %1 all land on bit %2</source>
        <translation>пробы %1 все попадают в бит %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 probes, %n distinct bit(s): </source>
        <translation>
            <numerusform>проб — %1, различных битов — %n: </numerusform>
            <numerusform>проб — %1, различных битов — %n: </numerusform>
            <numerusform>проб — %1, различных битов — %n: </numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — the range reduction maps different hash values to the same bit, which is common when m is small.</source>
        <translation>%1 — приведение к диапазону отображает разные хеш-значения в один и тот же бит, что часто бывает при малом m.</translation>
    </message>
    <message>
        <source>A Bloom filter</source>
        <translation>Фильтр Блума</translation>
    </message>
    <message>
        <source>A Bloom filter is an array of %1 bits, all 0 at first. To &lt;b&gt;add&lt;/b&gt; a word, the filter hashes it to %2 positions and sets those bits to 1. To &lt;b&gt;query&lt;/b&gt; a word it checks the same %2 bits: if any is 0 the word was &lt;b&gt;definitely not&lt;/b&gt; added; if all are 1 the answer is &lt;b&gt;maybe&lt;/b&gt;.&lt;br&gt;&lt;br&gt;Type a word and press &lt;b&gt;Add&lt;/b&gt;.</source>
        <translation>Фильтр Блума — это массив из %1 бит, изначально все они равны 0. Чтобы &lt;b&gt;добавить&lt;/b&gt; слово, фильтр хеширует его в k = %2 позиций и устанавливает эти биты в 1. Чтобы &lt;b&gt;проверить&lt;/b&gt; слово, он смотрит на те же k = %2 бит: если хотя бы один равен 0, слово &lt;b&gt;точно не&lt;/b&gt; добавляли; если все равны 1, ответ — &lt;b&gt;возможно&lt;/b&gt;.&lt;br&gt;&lt;br&gt;Введите слово и нажмите &lt;b&gt;Добавить&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>A cuckoo filter</source>
        <translation>Кукушкин фильтр</translation>
    </message>
    <message>
        <source>A cuckoo filter is a table of %1 buckets with 4 slots each. It stores a small &lt;b&gt;fingerprint&lt;/b&gt; of each word (8 bits here) in one of two buckets, &lt;i&gt;i1&lt;/i&gt; and &lt;i&gt;i2&lt;/i&gt;. When both are full it &lt;b&gt;kicks&lt;/b&gt; a fingerprint out to its other bucket, like a cuckoo chick. Unlike a Bloom filter it can delete: remove the fingerprint.&lt;br&gt;&lt;br&gt;Type a word and press &lt;b&gt;Add&lt;/b&gt;.</source>
        <translation>Кукушкин фильтр — это таблица из %1 корзин по 4 слота в каждой. Он хранит небольшой &lt;b&gt;отпечаток&lt;/b&gt; каждого слова (здесь 8 бит) в одной из двух корзин, &lt;i&gt;i1&lt;/i&gt; или &lt;i&gt;i2&lt;/i&gt;. Когда обе заполнены, он &lt;b&gt;вытесняет&lt;/b&gt; отпечаток в его другую корзину, как кукушонок. В отличие от фильтра Блума, он умеет удалять: достаточно убрать отпечаток.&lt;br&gt;&lt;br&gt;Введите слово и нажмите &lt;b&gt;Добавить&lt;/b&gt;.</translation>
    </message>
    <message numerus="yes">
        <source>%n sample word(s) added</source>
        <translation>
            <numerusform>Добавлено %n слово для примера</numerusform>
            <numerusform>Добавлено %n слова для примера</numerusform>
            <numerusform>Добавлено %n слов для примера</numerusform>
        </translation>
    </message>
    <message>
        <source>The filter now holds %1 words and %2 % of its bits are 1. Try &lt;b&gt;Find a false positive&lt;/b&gt;, or query a word of your own.</source>
        <translation>Слов в фильтре: %1, и %2 % его битов равны 1. Попробуйте &lt;b&gt;Найти ложное срабатывание&lt;/b&gt; или проверьте своё слово.</translation>
    </message>
    <message>
        <source>The table is %1 % full. The next inserts will probably have to kick fingerprints around: add a word and step through its kick chain.</source>
        <translation>Таблица заполнена на %1 %. Следующим вставкам, скорее всего, придётся вытеснять отпечатки: добавьте слово и пройдите по шагам его цепочку вытеснений.</translation>
    </message>
    <message numerus="yes">
        <source> The filter holds %n word(s); %1 of its %2 bits are 1, so a word that was never added finds all its %3 bits set with probability about (%1/%2)&lt;sup&gt;%3&lt;/sup&gt; = &lt;b&gt;%4&lt;/b&gt; — the false-positive rate.</source>
        <translation>
            <numerusform> В фильтре %n слово; %1 из %2 его битов равны 1, поэтому слово, которое никогда не добавляли, найдёт все свои k = %3 бит установленными с вероятностью около (%1/%2)&lt;sup&gt;%3&lt;/sup&gt; = &lt;b&gt;%4&lt;/b&gt; — это и есть вероятность ложноположительного срабатывания.</numerusform>
            <numerusform> В фильтре %n слова; %1 из %2 его битов равны 1, поэтому слово, которое никогда не добавляли, найдёт все свои k = %3 бит установленными с вероятностью около (%1/%2)&lt;sup&gt;%3&lt;/sup&gt; = &lt;b&gt;%4&lt;/b&gt; — это и есть вероятность ложноположительного срабатывания.</numerusform>
            <numerusform> В фильтре %n слов; %1 из %2 его битов равны 1, поэтому слово, которое никогда не добавляли, найдёт все свои k = %3 бит установленными с вероятностью около (%1/%2)&lt;sup&gt;%3&lt;/sup&gt; = &lt;b&gt;%4&lt;/b&gt; — это и есть вероятность ложноположительного срабатывания.</numerusform>
        </translation>
    </message>
    <message>
        <source> (arrows are drawn for the last %1 kicks, %2 to %3)</source>
        <translation> (стрелки показаны для последних вытеснений: %1, с %2 по %3)</translation>
    </message>
    <message>
        <source>%1 is stored (bucket %2, slot %3), and every moved fingerprint sits in one of its own two buckets, so every word is still found. The arrows are numbered in kick order%6: %4. Long chains mean the table is nearly full (load %5 %).</source>
        <translation>%1 сохранён (корзина %2, слот %3), и каждый перемещённый отпечаток лежит в одной из двух своих корзин, поэтому все слова по-прежнему находятся. Стрелки пронумерованы в порядке вытеснений%6: %4. Длинные цепочки означают, что таблица почти заполнена (заполнено на %5 %).</translation>
    </message>
    <message>
        <source>After %1 kicks there was still no free slot. The last evicted fingerprint, 0x%2, is kept in the &lt;b&gt;stash&lt;/b&gt;, so no word is lost and every word is still found. The kicks%4: %3. The filter is full now: the next insert that finds both its buckets full is refused — rebuild it larger.</source>
        <translation>После %1 вытеснений свободного слота так и не нашлось. Последний вытесненный отпечаток, 0x%2, хранится в &lt;b&gt;резерве&lt;/b&gt;, поэтому ни одно слово не потеряно и все слова по-прежнему находятся. Вытеснения%4: %3. Теперь фильтр заполнен: следующая вставка, у которой обе корзины заняты, будет отклонена — перестройте его в больший.</translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::TeachingPanel</name>
    <message>
        <source>Classic Bloom filter</source>
        <translation>Классический фильтр Блума</translation>
    </message>
    <message>
        <source>Cuckoo filter</source>
        <translation>Кукушкин фильтр</translation>
    </message>
    <message>
        <source>Which structure to explore step by step.</source>
        <translation>Какую структуру изучать пошагово.</translation>
    </message>
    <message>
        <source>m: bits of the teaching filter (small, so every bit is visible).</source>
        <translation>m: число бит обучающего фильтра (небольшое, чтобы был виден каждый бит).</translation>
    </message>
    <message>
        <source>k: bit positions per word.</source>
        <translation>k: число битовых позиций на слово.</translation>
    </message>
    <message>
        <source>Buckets of the cuckoo filter (4 slots each, 8-bit fingerprints).</source>
        <translation>Корзины кукушкиного фильтра (по 4 слота, 8-битные отпечатки).</translation>
    </message>
    <message>
        <source>type a word, e.g. apple</source>
        <translation>введите слово, например яблоко</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Добавить</translation>
    </message>
    <message>
        <source>Insert the word and explain each step (Enter).</source>
        <translation>Добавить слово и объяснить каждый шаг (Enter).</translation>
    </message>
    <message>
        <source>&amp;Query</source>
        <translation>&amp;Проверить</translation>
    </message>
    <message>
        <source>Ask the filter about the word and explain each probe (Ctrl+Enter).</source>
        <translation>Спросить фильтр о слове и объяснить каждую пробу (Ctrl+Enter).</translation>
    </message>
    <message>
        <source>Ctrl+Return</source>
        <translation>Ctrl+Return</translation>
    </message>
    <message>
        <source>Find a &amp;false positive</source>
        <translation>Найти ло&amp;жное срабатывание</translation>
    </message>
    <message>
        <source>Query words that were never added until the filter wrongly says &quot;maybe&quot;.</source>
        <translation>Проверять слова, которые никогда не добавлялись, пока фильтр ошибочно не ответит «возможно».</translation>
    </message>
    <message>
        <source>&amp;Why no delete?</source>
        <translation>Почему нельзя &amp;удалять?</translation>
    </message>
    <message>
        <source>Clear one word&apos;s bits and watch another word disappear; then the counting filter.</source>
        <translation>Сбросить биты одного слова и увидеть, как пропадает другое слово; затем — счётный фильтр.</translation>
    </message>
    <message>
        <source>Add &amp;sample words</source>
        <translation>Добавить слова-при&amp;меры</translation>
    </message>
    <message>
        <source>Bloom: add words until about half the bits are set. Cuckoo: until 90 % of the slots are taken, so the next insert has to kick.</source>
        <translation>Фильтр Блума: добавлять слова, пока не будет установлена примерно половина битов. Кукушкин фильтр: пока не будет занято 90 % слотов, чтобы следующей вставке пришлось вытеснять.</translation>
    </message>
    <message>
        <source>&amp;Reset</source>
        <translation>Сб&amp;рос</translation>
    </message>
    <message>
        <source>Empty the teaching filter.</source>
        <translation>Очистить обучающий фильтр.</translation>
    </message>
    <message>
        <source>Steps of the last action; select one to see its state (or use Previous / Next).</source>
        <translation>Шаги последнего действия; выберите шаг, чтобы увидеть его состояние (или используйте «Назад» / «Далее»).</translation>
    </message>
    <message>
        <source>◀ &amp;Previous</source>
        <translation>◀ &amp;Назад</translation>
    </message>
    <message>
        <source>Alt+Left</source>
        <translation>Alt+Left</translation>
    </message>
    <message>
        <source>&amp;Next ▶</source>
        <translation>Д&amp;алее ▶</translation>
    </message>
    <message>
        <source>Alt+Right</source>
        <translation>Alt+Right</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>Фильтр</translation>
    </message>
    <message>
        <source>Structure</source>
        <translation>Структура</translation>
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
        <translation>корзины</translation>
    </message>
    <message>
        <source>Try it</source>
        <translation>Попробуйте</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Шаги</translation>
    </message>
    <message>
        <source>No words added yet.</source>
        <translation>Слов пока нет.</translation>
    </message>
    <message numerus="yes">
        <source>%n word(s) added: </source>
        <translation>
            <numerusform>Добавлено %n слово: </numerusform>
            <numerusform>Добавлено %n слова: </numerusform>
            <numerusform>Добавлено %n слов: </numerusform>
        </translation>
    </message>
    <message>
        <source>Type a word first.</source>
        <translation>Сначала введите слово.</translation>
    </message>
    <message>
        <source>Add some words first: an empty filter has no false positives.</source>
        <translation>Сначала добавьте несколько слов: у пустого фильтра нет ложноположительных срабатываний.</translation>
    </message>
    <message>
        <source>No false positive among 200,000 words: the filter is nearly empty. Add more words.</source>
        <translation>Среди 200 000 слов нет ни одного ложноположительного срабатывания: фильтр почти пуст. Добавьте больше слов.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>BloomLab: explore, benchmark and teach Bloom, cuckoo and related filters.</source>
        <translation>BloomLab: изучение, бенчмарки и обучение — фильтр Блума, кукушкин фильтр и родственные им фильтры.</translation>
    </message>
    <message>
        <source>Run the scripted demo session.</source>
        <translation>Запустить демонстрационный сценарий.</translation>
    </message>
    <message>
        <source>Save a PNG of the whole window when the demo (or start-up) is done, then exit.</source>
        <translation>Сохранить PNG всего окна после завершения демонстрации (или запуска) и выйти.</translation>
    </message>
    <message>
        <source>Window size for the screenshot, e.g. 1920x1080 (default 1280x800).</source>
        <translation>Размер окна для снимка экрана, например 1920x1080 (по умолчанию 1280x800).</translation>
    </message>
    <message>
        <source>Tab to show: explorer, benchmark, teaching, calculator or compare.</source>
        <translation>Вкладка для показа: explorer, benchmark, teaching, calculator или compare.</translation>
    </message>
    <message>
        <source>Filter type of the demo&apos;s explorer: classic, blocked, counting, scalable or cuckoo.</source>
        <translation>Тип фильтра на вкладке «Исследование» в демонстрации: classic, blocked, counting, scalable или cuckoo.</translation>
    </message>
    <message>
        <source>Teaching step to show before the screenshot: add, no-delete, cuckoo-kick, cuckoo-done or cuckoo-loop, optionally :STEP (1-based).</source>
        <translation>Шаг обучения, показываемый перед снимком экрана: add, no-delete, cuckoo-kick, cuckoo-done или cuckoo-loop, необязательно с :STEP (нумерация с 1).</translation>
    </message>
    <message>
        <source>With a Parquet file: open this row group&apos;s column filter, e.g. 0:name.</source>
        <translation>Для файла Parquet: открыть фильтр столбца этой группы строк, например 0:name.</translation>
    </message>
    <message>
        <source>A saved filter to open.</source>
        <translation>Сохранённый фильтр, который нужно открыть.</translation>
    </message>
</context>
</TS>

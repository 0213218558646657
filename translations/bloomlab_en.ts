<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>bloomlab::ui::FilterSession</name>
    <message numerus="yes">
        <source> — %n growth step(s); see the parameter panel</source>
        <translation>
            <numerusform> — %n growth step; see the parameter panel</numerusform>
            <numerusform> — %n growth steps; see the parameter panel</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::KeyEdit</name>
    <message numerus="yes">
        <source>%n leading space(s)</source>
        <translation>
            <numerusform>%n leading space</numerusform>
            <numerusform>%n leading spaces</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n trailing space(s)</source>
        <translation>
            <numerusform>%n trailing space</numerusform>
            <numerusform>%n trailing spaces</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::MainWindow</name>
    <message numerus="yes">
        <source>, %n kick(s) drawn as arrows</source>
        <translation>
            <numerusform>, %n kick drawn as an arrow</numerusform>
            <numerusform>, %n kicks drawn as arrows</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::SpeedupChartView</name>
    <message numerus="yes">
        <source>Cancelled after %n point(s).</source>
        <translation>
            <numerusform>Cancelled after %n point.</numerusform>
            <numerusform>Cancelled after %n points.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %n point(s).</source>
        <translation>
            <numerusform>Done: %n point.</numerusform>
            <numerusform>Done: %n points.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::TeachingLessons</name>
    <message numerus="yes">
        <source>All %1 probes of %2 find a 1 now: %n bit(s) turned on</source>
        <translation>
            <numerusform>All %1 probes of %2 find a 1 now: %n bit turned on</numerusform>
            <numerusform>All %1 probes of %2 find a 1 now: %n bits turned on</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n bit(s) were already set.</source>
        <translation>
            <numerusform>, %n bit was already set.</numerusform>
            <numerusform>, %n bits were already set.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n probed bit(s) are 1 → maybe (true positive)</source>
        <translation>
            <numerusform>The %n probed bit is 1 → maybe (true positive)</numerusform>
            <numerusform>All %n probed bits are 1 → maybe (true positive)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n probed bit(s) are 1 → maybe, but a FALSE POSITIVE</source>
        <translation>
            <numerusform>The %n probed bit is 1 → maybe, but a FALSE POSITIVE</numerusform>
            <numerusform>All %n probed bits are 1 → maybe, but a FALSE POSITIVE</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n sample word(s) were added so that two words share a bit.)</source>
        <translation>
            <numerusform> (%n sample word was added so that two words share a bit.)</numerusform>
            <numerusform> (%n sample words were added so that two words share a bit.)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done after %n kick(s)</source>
        <translation>
            <numerusform>Done after %n kick</numerusform>
            <numerusform>Done after %n kicks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done after %n kick(s): one fingerprint waits in the stash</source>
        <translation>
            <numerusform>Done after %n kick: one fingerprint waits in the stash</numerusform>
            <numerusform>Done after %n kicks: one fingerprint waits in the stash</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Added %1 (%n kick(s))</source>
        <translation>
            <numerusform>Added %1 (%n kick)</numerusform>
            <numerusform>Added %1 (%n kicks)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 probes, %n distinct bit(s): </source>
        <translation>
            <numerusform>%1 probes, %n distinct bit: </numerusform>
            <numerusform>%1 probes, %n distinct bits: </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n sample word(s) added</source>
        <translation>
            <numerusform>%n sample word added</numerusform>
            <numerusform>%n sample words added</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> The filter holds %n word(s); %1 of its %2 bits are 1, so a word that was never added finds all its %3 bits set with probability about (%1/%2)&lt;sup&gt;%3&lt;/sup&gt; = &lt;b&gt;%4&lt;/b&gt; — the false-positive rate.</source>
        <translation>
            <numerusform> The filter holds %n word; %1 of its %2 bits are 1, so a word that was never added finds all its %3 bits set with probability about (%1/%2)&lt;sup&gt;%3&lt;/sup&gt; = &lt;b&gt;%4&lt;/b&gt; — the false-positive rate.</numerusform>
            <numerusform> The filter holds %n words; %1 of its %2 bits are 1, so a word that was never added finds all its %3 bits set with probability about (%1/%2)&lt;sup&gt;%3&lt;/sup&gt; = &lt;b&gt;%4&lt;/b&gt; — the false-positive rate.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>bloomlab::ui::TeachingPanel</name>
    <message numerus="yes">
        <source>%n word(s) added: </source>
        <translation>
            <numerusform>%n word added: </numerusform>
            <numerusform>%n words added: </numerusform>
        </translation>
    </message>
</context>
</TS>

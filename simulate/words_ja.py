"""The verdict's sentences in Japanese: the same keys and `{name}` fields as `simulate.words.EN`.

Terms follow the project's Japanese glossary (the printed pieces' words, `data/ja_glossary.md`):
プレイヤー, 手番, ゲーム (never マッチ), 引き分け, {n}番席 and 1・3番席 for seats,
half-width digits, full-width 、。（）：. The report's own terms, fixed here so
that every sentence uses one word per idea:

| English | Japanese |
| --- | --- |
| first mover (the side that moved first) | 先手 (a team: 先手のチーム) |
| decided game (one side won alone) | 決着したゲーム |
| fair share | 公平な割合 (1 / 陣営の数) |
| draw | 引き分け |
| arm (one set of rules compared) | アーム |
| move | 手 (length in moves: 手数) |
| cap (turn, round or move cap) | 上限 |
| percentage point | ポイント (points of a score: 点) |
| called (Holm-corrected p < 0.05) | 有意 |
| minimum effect / smaller than players would notice | 最小効果 / プレイヤーが気づかないほど小さい |
| equivalence test | 同等性検定 |
| interval | 95%区間 |
| agent, level (of skill) | エージェント, レベル |
| winning margin | 勝者の点差 (1位と2位の得点差) |
| lead changes | 首位の交代 |

Variant names, agent specs and p-values are written as the command line and
the statistics give them (`blue`, `mcts:200`, `p = 0.012`).
"""

from __future__ import annotations

JA: dict[str, str] = {
    # ---------------------------------------------------------------- one arm
    "who.first": "先手",
    "who.first_team": "先手のチーム",
    "who.first.lower": "先手",
    "who.first_team.lower": "先手のチーム",
    "word.advantage": "有利",
    "word.disadvantage": "不利",
    "first.none_decided": "{who}：決着したゲームがなく、比べる割合がない。",
    "first.head": "{who}はゲームの{share} {interval}を得る（勝ちを1、引き分けを半分と数える{drawn}）",
    "first.drawn_share": "。引き分け{share}",
    "first.drawn": (
        "{who}の優位は引き分けに変わる：ゲームの{draws} {interval}が引き分けなので、残りを誰が勝っても"
        "得点の割合（引き分けは半分）は公平な値から{delta}以内。"
    ),
    "first.drawn_decided": "決着した{decided}ゲームのうち{won}ゲームで勝つ。",
    "first.matters": "{head}：{word}（{p}）。",
    "first.small": (
        "{head}：{word}。検出できるが、プレイヤーが気づかないほど小さい（公平な{fair}との差は{delta}以内"
        "。{p}）。"
    ),
    "first.within": "{head}：公平な{fair}との差は{delta}以内（{p_within}）。",
    "first.open": "{head}：公平な{fair}との差は検出できない（{p}）。{more}",
    "more.need": "{delta}の差を判定するには、1アームあたり約{need}ゲームが必要。",
    "more.enough": "{games}ゲームあれば{delta}の差は判定できるので、差があってもそれより小さい。",
    "decided": "決着したゲームでは、{who}が{share} {interval}で勝つ（公平なら{fair}）。",
    "decided.none": "{who}：決着したゲームがない。",
    "settle.fixed": "1アームあたり{games}ゲームの時点",
    "settle.after": "1アームあたり{games}ゲームで決着",
    "settle.games": "予算",
    "settle.time": "{time}の予算",
    "settle.more": (
        "{budget}内では決着せず（1アームあたり{games}ゲーム）、決着にはあと1アームあたり約{more}ゲームが必要"
    ),
    "settle.edge": (
        "{budget}内では決着せず（1アームあたり{games}ゲーム）、推定値が最小効果の境目にあるため、"
        "ゲームを増やしても決着しないかもしれない"
    ),
    "settle.stopped": (
        "見出しの問いが決着した1アームあたり{games}ゲームの時点では決着せず、"
        "決着にはあと1アームあたり約{more}ゲームが必要"
    ),
    "settle.stopped_edge": (
        "見出しの問いが決着した1アームあたり{games}ゲームの時点では決着せず、推定値が最小効果の境目にある"
    ),
    "settle.stopped_plain": "見出しの問いが決着した1アームあたり{games}ゲームの時点では決着していない",
    "settle.stopped_close": (
        "見出しの問いが決着した1アームあたり{games}ゲームの時点では決着していないが、決着の寸前にある："
        "あと1アームあたり数ゲームで決着する見込み"
    ),
    "settle.close": (
        "{budget}内では決着していないが（1アームあたり{games}ゲーム）、決着の寸前にある："
        "あと1アームあたり数ゲームで決着する見込み"
    ),
    "settle.budget_plain": "{budget}内では決着せず（1アームあたり{games}ゲーム）",
    "seats.noun": "席",
    "teams.noun": "チーム",
    "seats.none_decided": "{noun}：決着したゲームがなく、分け合いを比べられない。",
    "seats.head": "{noun}ごとの得点割合（引き分けは半分）：{shares}",
    "seats.drawn": (
        "{noun}：ゲームの{draws} {interval}が引き分けなので、偏りは引き分けに変わる。どの陣営の得点の割合"
        "（引き分けは半分）も公平な値から{delta}以内。"
    ),
    "seats.matters": "{head}：偏りがある（{p}）。",
    "seats.small": (
        "{head}：偏りがある。検出できるが、プレイヤーが気づかないほど小さい（どの割合も公平な値との差は"
        "{delta}以内。{p}）。"
    ),
    "seats.within": "{head}：どの割合も公平な{fair}との差は{delta}以内（{p_within}）。",
    "seats.open": "{head}：偏りは検出できない（{p}）。",
    "draws": "引き分け：ゲームの{share} {interval}。",
    "draws.capped": "上限で打ち切り：{share} {interval}。勝ちにも引き分けにも数えない。",
    "length": "長さ：中央値{median}手（平均{mean}手）。",
    "length.all_capped": (
        "長さ：ゲームの{share}が上限で打ち切られたので、中央値は上限（{at_least}手）以上。打ち切られたゲ"
        "ームの平均は出さない。"
    ),
    "length.capped": (
        "長さ：カプラン・マイヤー法の中央値{median}手。上限で打ち切られた{share}のゲームは、少なくとも上"
        "限まで続いたものとして数える。"
    ),
    "flow": "流れ：{parts}。",
    "flow.lead": "首位の交代は1ゲームに{n}回",
    "flow.decisive": "勝者が最後まで首位を保ったのは全手数の{share}の時点から（中央値）",
    "flow.drama": "勝者の最大の遅れは{n}点（平均）",
    "flow.spread": "最終得点の最大差は{n}点（平均）",
    # ---------------------------------------------------------------- between arms
    "change.na": "{head}：{p}。",
    "change.matters": "{head}：{word}（{p}）。",
    "change.small": "{head}：{word}。検出できるが、プレイヤーが気づかないほど小さい（{delta}未満。{p}）。",
    "change.within": "{head}：{delta}を超える変化はない（{p_within}）。",
    "change.open": "{head}：変化は検出できない（{p}）。{more}",
    "change.open_capped": "{head}：変化は検出できない（{p}）。",
    "change.more": "{delta}の変化を判定するには、1アームあたり約{need}ゲームが必要。",
    "change.first.head": "先手：ゲームのうち{other} {b}、{base} {a}（引き分けは半分、公平なら{fair}）",
    "change.draw_rate.head": "引き分け：ゲームのうち{other} {b}、{base} {a}",
    "change.capped.head": "上限で打ち切り：ゲームのうち{other} {b}、{base} {a}",
    "change.seats.head": (
        "席ごとの分け合い（引き分けは半分）：{other}と{base}の比較、最も動いたのは{side}（{a}から{b}へ）"
    ),
    "change.margin.head": "勝者の点差：{other} 平均{b}、{base} {a}",
    "change.length.head": "長さ：{other} 平均{b}手、{base} {a}手",
    "change.length_capped.head": (
        "長さ（上限で打ち切ったゲームは上限の手数と数える）：{other} 平均{b}手、{base} {a}手"
    ),
    "change.mean.head": "{name}：{other} 平均{b}、{base} {a}",
    "change.paired": (
        "ゲームごとに対にして検定した（相関{r}）：独立な2アームに比べ、"
        "1アームあたり約{saved}ゲーム分の価値がある。"
    ),
    "change.paired_cost": (
        "ゲームごとに対にして検定した：結果が負に相関する（相関{r}）ため、"
        "独立な2アームとしての検定ではばらつきを小さく見積もってしまう。"
    ),
    "mname.first_mover": "先手",
    "mname.seat_balance": "席ごとの分け合い",
    "mname.draw_rate": "引き分け",
    "mname.capped": "上限で打ち切り",
    "mname.length": "長さ",
    "mname.margin": "勝者の点差",
    "mname.lead_changes": "首位の交代",
    "mname.decisive_at": "勝負が決まった時点",
    "mname.drama": "勝者の最大の遅れ",
    "mname.spread": "最終得点の差",
    "word.fewer_draws": "引き分けが減る",
    "word.more_draws": "引き分けが増える",
    "word.closer": "公平に近づく",
    "word.further": "公平から遠ざかる",
    "word.closer_across": "公平に近づき、公平な値をまたぐ",
    "word.further_across": "公平から遠ざかり、公平な値をまたぐ",
    "word.split": "分け合いが変わる",
    "word.larger_margins": "点差が大きくなる",
    "word.smaller_margins": "点差が小さくなる",
    "word.longer": "ゲームが長くなる",
    "word.shorter": "ゲームが短くなる",
    "word.more_capped": "上限で打ち切るゲームが増える",
    "word.fewer_capped": "上限で打ち切るゲームが減る",
    "word.more_lead_changes": "首位の交代が増える",
    "word.fewer_lead_changes": "首位の交代が減る",
    "word.decided_later": "勝負が決まるのが遅くなる",
    "word.decided_earlier": "勝負が決まるのが早くなる",
    "word.more_drama": "より大きな遅れからの逆転",
    "word.less_drama": "より小さな遅れからの逆転",
    "word.wider_spread": "最終得点の差が広がる",
    "word.narrower_spread": "最終得点の差が狭まる",
    "word.higher": "高くなる",
    "word.lower": "低くなる",
    "length.moves": "{median}手（平均{mean}手）",
    "length.km": "{median}手",
    "length.at_least": "{at_least}手以上",
    # ---------------------------------------------------------------- units
    "unit.points": "{n}点",
    "unit.point": "{n}点",
    "unit.moves": "{n}手",
    "unit.move": "{n}手",
    "unit.point_adj": "{n}点",
    "unit.move_adj": "{n}手",
    "unit.lead": "首位の交代{n}回",
    "unit.leads": "首位の交代{n}回",
    "unit.lead_adj": "首位の交代{n}回",
    "p.none": "p値なし：{why}",
    "p.na": "p値なし",
    # why a test has no p-value, keyed by the English `why` the tests give (`reason`)
    "why.an arm has no games to count": "数えるゲームのないアームがある",
    "why.no game is counted in both arms": "どちらのアームにも該当するゲームが1つもない",
    "why.every game is counted in both arms": "どちらのアームでもすべてのゲームが該当する",
    "why.an arm has no decided games": "決着したゲームのないアームがある",
    "why.only one side ever won": "一方の側しか勝っていない",
    "why.an arm has no values": "値のないアームがある",
    "why.every value is the same": "すべての値が同じ",
    "why.fewer than two values in an arm": "値が2つ未満のアームがある",
    "why.no decided games": "決着したゲームがない",
    "why.fewer than two values": "値が2つ未満",
    "why.no test": "検定がない",
    "why.no sides": "側がない",
    "why.no pairs": "対がない",
    "why.no pair differs": "どの対にも差がない",
    "why.fewer than two pairs": "対が2つ未満",
    "why.every pair differs by the same amount": "すべての対の差が同じ",
    "why.no games": "ゲームがない",
    "why.no game was decided": "決着したゲームがない",
    "why.a lower bound on the largest gap is no test of every side": (
        "最大の差の下限では、すべての側を検定できない"
    ),
    "p.within": "同等性検定 {p}",
    "unit.share": "{n}ポイント",
    "unit.shares": "{n}ポイント",
    "unit.share_adj": "{n}ポイント",
    "pct.under": "{x}%未満",
    "side.seat": "{n}番席",
    "side.team": "チーム{k}（{seats}番席）",
    "side.join": "・",
    "list.and": "と",
    "changes.join": "；",
    "changes.docs": "{docs}。",
    "changes.none": "データファイルに書かれたとおりのルール。",
    "changes.head": "{docs}。",
    "changes.set": "変更：{parts}。",
    "changes.players": "{n}人",
    "changes.option": "{parts}（{doc}）",
    # ---------------------------------------------------------------- the page around the sentences
    "page.verdict": "判定",
    "page.details": "詳細",
    "page.definitions": "用語と図",
    "page.report": "バランスレポート",
    "page.heading": (
        "{title}：{what}\n{labels} | {players}人 | エージェント {agents} | {games}ゲーム | シード {seed}"
    ),
    "page.arms": "{n}アーム",
    "page.vs": " 対 ",
    "page.changes": "各アームが変えるもの",
    "page.change": "{arm}：{text}",
    "page.own": "{title}：このゲーム独自の問い",
    "page.section": "エージェント {agents}：1アームあたり{games}ゲーム、シード {seed}",
    "page.against": "{other} 対 {base}",
    "page.both": "それぞれの結論は両方のエージェントの組で成り立つか",
    "page.method_rounds": (
        "ゲームは、見出しの問いがすべて決着するか予算を使い切るまでラウンドごとに行った。すべての"
        "問いは、いつ見ても有効な95%信頼系列（Robbinsの正規混合。docs/notes/"
        "stopping.md）で判定するので、p値と区間はラウンドをどこで止めても成り立つ。ア"
        "ーム間の差は、同じシードのアームの結果がゲームを減らせるほど相関する場合はゲームごとに対"
        "にして、そうでなければ独立な2アームとして検定し、その横に同等性検定（最小効果に対する2"
        "つの片側検定）を置いて、差がプレイヤーが気づかないほど小さいと示される場合を示す。ゲーム"
        "の割合は勝ちを1、引き分けを半分と数える。"
    ),
    "page.method_fixed": (
        "すべての問いは2つの平均の差のz検定（対にした「はい・いいえ」の結果はMcNemarの正"
        "確検定）で、アームの結果がゲームを減らせるほど相関する場合は同じシードのゲームごとに対に"
        "し、そうでなければ独立な2アームとして、95%区間とともに判定する。その横に同等性検定（"
        "最小効果に対する2つの片側検定）を置いて、差がプレイヤーが気づかないほど小さいと示される"
        "場合を示す。ゲームの割合は勝ちを1、引き分けを半分と数える。"
    ),
    "page.headline_measure": "先手の得点割合：{owner}",
    "both.same": "{where}、{question}：{a}でも{b}でも「{conclusion}」。",
    "both.differ": "{where}、{question}：両方では成り立たない。{a}では{fa}、{b}では{fb}。",
    "both.rest": "ほかの問いはすべて、{a}でも{b}でも差を検出できない。",
    "said.none": "差を検出できない",
    "said.n/a": "検定できない",
    "said.within": "最小効果を超える差はない",
    "said.small": "プレイヤーが気づかないほど小さい差",
    "said.drawn": "ほぼすべてのゲームが引き分け",
    "said.advantage": "有利",
    "said.disadvantage": "不利",
    "said.imbalance": "偏りがある",
    "said.balanced": "偏りを検出できない",
    "question.first mover": "先手",
    "question.seat balance": "席の偏り",
    "question.first mover change": "先手の変化",
    "question.seat balance change": "席の分け合いの変化",
    "question.draw rate": "引き分けの割合",
    "question.margin": "勝者の点差",
    "question.length change": "長さの変化",
    "question.capped": "上限で打ち切ったゲーム",
    "question.lead_changes": "首位の交代",
    "question.decisive_at": "勝負が決まった時点",
    "question.drama": "勝者の最大の遅れ",
    "question.spread": "最終得点の差",
    # ---------------------------------------------------------------- figures
    "fig.share_won": "決着したゲームでの勝ちの割合（95% Wilson区間）",
    "fig.seat_wins": "決着したゲームでの席ごとの勝ち（点線：公平な割合）",
    "fig.turn_order": "決着したゲームでの手番順ごとの勝ち（点線：公平な割合）",
    "fig.moved_first": "1番手",
    "fig.moved": "{nth}番手",
    "ordinal.2": "2",
    "ordinal.3": "3",
    "ordinal.n": "{k}",
    "fig.share_of_games": "ゲームの割合",
    "fig.mean": "{arm}（平均{mean}）",
    "fig.score": "1席の最終得点",
    "fig.scores": "得点の分布",
    "fig.margin_teams": "勝者の点差：1位の陣営の得点－2位の陣営の得点",
    "fig.margin": "勝者の点差（1位－2位）",
    "fig.margins": "ゲームの接戦ぶり",
    "fig.metrics": "ゲームの指標（平均と95%区間）",
    "fig.metrics_capped": "（上限で打ち切られた長さは、判定ページのカプラン・マイヤー法の中央値を参照）",
    "fig.points": "プレイヤー1人あたりの平均得点",
    "fig.categories": "得点の内訳",
    "fig.skill.first": "決着したゲームでの先手の割合",
    "fig.skill.seats": "公平な値から最も離れた席の差",
    "fig.skill.draws": "引き分けの割合",
    "fig.skill.length": "長さ：平均手数（打ち切りがあれば中央値）",
    "fig.skill.margin": "勝者の点差（平均）",
    "fig.skill.drawn": "引き分け{draws}",
    "fig.skill.change": "先手の割合：{base}からの変化",
    "fig.skill": "プレイの強さのレベルごとの判定",
    "fig.changes": "何が変わったか（最小効果を単位とする。灰色：プレイヤーが気づかないほど小さい）",
    "fig.changes.level": "{level}",
    "fig.changes.axis": "{base}に対する変化（最小効果を単位とする、95%区間）",
    "fig.changes.called": "有意",
    "fig.changes.open": "有意ではない",
    "fig.skill.note": "\n（95%区間。点線：公平、または変化なし）",
    "fig.strength.decided": "決着したゲームのうち強いほうのレベルが勝った割合（95% Wilson区間、符号検定）",
    "fig.strength.outcomes": "この組のすべてのゲーム",
    "fig.strength.won": "強いほうのレベルの勝ち",
    "fig.strength.drawn": "引き分け",
    "fig.strength.lost": "弱いほうのレベルの勝ち",
    "fig.strength.none": "決着したゲームなし",
    "fig.strength.record": "{won}勝{lost}敗、{p}",
    "fig.strength.pair": "{strong}\n対 {weak}",
    "fig.strength.axis": "決着したゲームの割合",
    "fig.strength.games_axis": "ゲームの割合",
    "fig.strength.heading": (
        "{title}：{what}\n{arm} | {players}人 | レベル {levels} | 1組あたりのゲーム数 {games} | シード {seed}"
    ),
    "fig.strength": "レベルは強さの順に並んでいるか：隣り合うレベルの直接対戦",
    "metric.moves": "手数",
    "metric.draw rate": "引き分けの割合",
    "metric.capped": "上限で打ち切り",
    "metric.lead_changes": "首位の交代",
    "metric.decisive_at": "勝負が決まった時点",
    "metric.drama": "勝者の最大の遅れ",
    "metric.spread": "最終得点の差",
    "sweep.heading": (
        "{title}：{keys}の{n}通りの組み合わせ\n{players}人 | エージェント {agents} | それぞれ{games}ゲーム | "
        "シード {seed}"
    ),
    "sweep.effects": "{heading}：主効果（95%区間）",
    "sweep.outcome.first-mover share of decided games": "決着したゲームでの先手の割合",
    "sweep.outcome.winning margin": "勝者の点差",
    "sweep.outcome.score": "得点",
    "sweep.points_of_pct": "（%のポイント）",
    "sweep.points": "プレイヤー1人あたりの平均得点（種類別）",
    "sweep.first": "先手の勝率\n（95% Wilson区間。点線：均等な割合）",
    "sweep.margin": "勝者の点差",
    "sweep.sd": "得点の標準偏差",
    "sweep.margin_axis": "勝者の点差（95% t区間）と得点の標準偏差",
    "sweep.key": "{rule}（{values}）",
    "sweep.times": "×",
    "sweep.legend": (
        "人数：プレイヤーの人数。得点：プレイヤー1人の最終得点の平均±標準偏差。点差：1位の得点から"
        "2位の得点を引いたもの。先手と席／手番順：決着したゲーム（引き分けを除く）での勝率と95% Wilson"
        "区間。先手＝最初の手番順で1番目。有利さ：先手の勝率から均等な割合（1 / 陣営の数）を引いたもの。"
        "席の差：最も勝つ席の勝率から最も勝たない席の勝率を引いたもの（どの席も同じだけ勝てば0）。"
        "種類別の列：プレイヤー1人がその得点の種類から得る平均得点。"
    ),
    "sweep.col.players": "人数",
    "sweep.col.score": "得点",
    "sweep.col.margin": "点差",
    "sweep.col.moved_first": "先手",
    "sweep.col.advantage": "有利さ",
    "sweep.col.seat_gap": "席の差",
    "sweep.col.seat": "{n}番席",
    "sweep.col.position": "手番順{n}",
    "sweep.rank.apart": "公平に最も近い行：{closest}。その区間はほかのどの行の区間とも重ならない。",
    "sweep.rank.tied": (
        "1行{games}ゲームでは、先手の割合は約±{half}ポイントの幅でしか分からない：公平に最も近い行"
        "（{closest}）の区間と、ほかの{others}行のうち{tied}行の区間が重なるので、これらのゲームからは順位は"
        "決められない。2ポイントの差を見分けるには1行あたり約{need}ゲームが必要。"
    ),
    "effects.title": "どの要素が効くか",
    "effects.method": (
        "主効果：ある値をとる組み合わせの平均から、その要素の最初の値をとる組み合わせの平均を引いたもの。"
        "95%区間（アームは独立とし、分散を足す）と、このスイープの{tests}個の主効果でHolm補正したp値"
        "（z検定）を添える。補正後のp < 0.05のときだけ有意とする。交互作用：2つの要素の最初の値と最後の値"
        "の間の、差の差（検定しない）。"
    ),
    "effects.factor": "要素",
    "effects.change": "変化",
    "effects.step": "{start} → {end}",
    "effects.points": "{effect}ポイント [{lo}, {hi}]",
    "effects.holm": "、Holm {p}",
    "effects.called": "（有意）",
    "effects.na": "該当なし（決着したゲームがない）",
    "effects.interaction": "{outcome}で最大の交互作用：{a}×{b}、{effect}。",
    "ladder.heading": (
        "{title}［{variant}、{players}人{filler}］：エージェントのラダー、1組あたり{games}ゲーム、シード "
        "{seed}"
    ),
    "ladder.filler": "、ほかの席は{filler}",
    "ladder.columns": "| エージェント | レーティング（Elo、平均0） | 95%区間 |",
    "ladder.model": (
        "レーティングは勝ち・引き分け・負けのDavidsonモデルによる（引き分けはそれ自体で1つの結果。"
        "決着したゲームの間ではBradley-Terryモデル）。同じ強さの2つのエージェントはゲームの{draws}を"
        "引き分ける。"
    ),
    "ladder.model_short": "Davidsonモデル：同じ強さなら引き分け{draws}",
    "ladder.pairs": (
        "各組（レーティングの高いほうが先）：どちらが強いかは決着したゲームだけで判定し（正確な符号検定）、"
        "引き分けは別に数える："
    ),
    "ladder.pair_columns": "| 組 | 勝ち | 負け | 引き分け | 決着したゲームの割合（95%） | 符号検定のp | |",
    "ladder.pair": "{a} 対 {b}",
    "ladder.stronger": "強い",
    "ladder.weaker": "弱い",
    "ladder.not_shown": "差は示されない",
    "ladder.none_decided": "決着したゲームなし",
    "ladder.matrix": (
        "行のエージェントが列のエージェントに対して決着したゲームで勝った割合（95%区間）と、"
        "そのゲームのうち引き分けの割合："
    ),
    "ladder.cell": "{share}（{lo}-{hi}）、引き分け{drawn}",
    "ladder.cell_none": "決着なし、引き分け{drawn}",
    "ladder.fig_drawn": "引き分け{drawn}",
    "ladder.fig_none": "決着なし",
    "ladder.axis": "Davidsonレーティング（Eloの点、95%区間、引き分けはモデルに含む）",
    "ladder.cells": (
        "列に対する行の決着したゲームでの割合と、引き分けの割合\n色：95%区間の、半分に近いほうの端"
    ),
    # ---------------------------------------------------------------- the definitions page
    "def.terms": "用語",
    "def.figures": "このレポートの図",
    "def.metrics": "ゲームの指標（指標のページとCSVの列）",
    "figname.seat_wins": "席ごとの勝ち",
    "figname.turn_order": "手番順ごとの勝ち",
    "figname.scores": "得点の分布",
    "figname.margins": "勝者の点差",
    "figname.metrics": "ゲームの指標",
    "figname.categories": "得点の内訳",
    "figname.skill": "プレイの強さのレベルごとの判定",
    "figname.strength": "レベルの強さの順",
    "figname.changes": "何が変わったか",
    "def.item": "{name}：{doc}",
    "term.decided": (
        "決着したゲーム：1つの陣営（席、チーム戦ではチーム）だけが勝ち、上限で打ち切られなかったゲーム。"
        "勝ちの割合は決着したゲームに対するもので、陣営の公平な割合は1 / 陣営の数。「引き分けは半分」："
        "k個の陣営が分け合った引き分けは、それぞれに1/kと数える。"
    ),
    "term.first": (
        "先手：そのゲームで最初に手番を行った陣営（どの席でも）。公平に近づく／公平から遠ざかる："
        "2つのアームの間で、先手の割合が公平な割合に近づいた、または遠ざかったこと。"
    ),
    "term.margin": "勝者の点差：1位の陣営の得点から2位の陣営の得点を引いたもの（引き分けなら0）。",
    "term.min_effect": (
        "最小効果（--min-effect）：プレイヤーにとって意味のある最小の差。既定では割合の2ポイント、"
        "基準アームの長さの中央値の5%、点差の1点。「2ポイントを超える差はない」：同等性検定（2つの片側検定）"
        "がそれを示したこと。「検出できるが、プレイヤーが気づかないほど小さい」：検定が最小効果より小さい"
        "差を有意としたこと。"
    ),
    "term.capped": (
        "上限で打ち切られたゲームの長さは打ち切りデータとして扱う：カプラン・マイヤー法の中央値を使い、"
        "平均やt検定は使わない。アーム間ではMann-WhitneyのU検定の代わりにログランク検定を使う。"
    ),
    "term.seed": "同じシードと設定なら、--jobsがいくつでも同じゲームと同じ数値になる。",
    "doc.seat_wins": (
        "アームごとに、決着したゲームで各席（またはチーム）が勝った割合と95% Wilson区間。点線：公平な割合"
        "（1 / 陣営の数）"
    ),
    "doc.turn_order": (
        "アームごとに、決着したゲームで1番手、2番手…の陣営が勝った割合と95% Wilson区間。点線：公平な割合"
    ),
    "doc.scores": "アームごとの、1席の最終得点の分布",
    "doc.margins": "アームごとの、勝者の点差（1位の陣営の得点－2位の陣営の得点）の分布",
    "doc.metrics": "各アームのゲームの指標の平均と95%区間（割合はWilson区間）",
    "doc.categories": "アームごとの、得点の種類別のプレイヤー1人あたり平均得点（積み上げ）",
    "doc.skill": (
        "プレイの強さのレベルごと（弱い順）の判定の各問いと95%区間：先手の割合と公平な値、公平な値から"
        "最も離れた席の差、引き分け、長さ、点差、最初のアームに対する先手の割合の変化"
    ),
    "doc.strength": (
        "左：各レベルが1つ下のレベルと混ぜた席で直接対戦し、決着したゲームのうち勝った割合と95% Wilson区間、"
        "符号検定のp（引き分けは判定に使わない）。右：その組のすべてのゲームの勝ち・引き分け・負け"
    ),
    "doc.changes": (
        "1ページ目の図：最初のアームに対する各指標の変化と95%区間（ラウンドごとに行った場合は"
        "信頼系列の区間）を、指標ごとの最小効果を単位として描くので、手数と点数を1本の軸で比べら"
        "れる。灰色の帯（-1から1）はプレイヤーが気づかないほど小さい範囲。塗りつぶしは有意。最"
        "小効果の2倍までは線形、その先は対数の目盛り。アームが1つのときは先手と各陣営を公平な値"
        "と比べる"
    ),
    "doc.moves": "1ゲームの手数（すべての席のすべての決定）",
    "doc.draw rate": "1位を複数の陣営が分け合ったゲームの割合",
    "doc.capped": (
        "上限（エンジンの手番またはラウンドの上限、ランナーの手数の上限）で打ち切られたゲームの割合"
    ),
    "doc.lead_changes": "単独首位の陣営がゲーム中に入れ替わった回数（各手の後の得点から）",
    "doc.decisive_at": "勝者の陣営が最後まで首位を保つようになる前に指された手の割合",
    "doc.drama": "最終的な勝者の陣営が最も離されたときの首位との差（点）",
    "doc.spread": "最も得点の高い陣営と最も低い陣営の最終得点の差",
    # ---------------------------------------------------------------- bottom line
    "bottom.title": "結論",
    "bottom.first": (
        "{arm}：先手はゲームの{share} {interval}を得る（引き分けは半分、公平なら{fair}{drawn}）："
        "{level}では{answer}。"
    ),
    "bottom.first_levels": (
        "{arm}：先手の判定は{depends}。ゲームのうち{levels}（引き分けは半分、公平なら{fair}）。"
        "レベルを通して：{trend}"
    ),
    "bottom.depends": "プレイの強さによって変わる",
    "bottom.holds": "プレイの強さによらない",
    "bottom.unshown": "プレイの強さによって変わるとは示されない",
    "bottom.level_share": "{level}で{share} {interval}{drawn}",
    "bottom.level_drawn": "（優位は引き分けに変わる：ゲームの{draws} {interval}が引き分け）",
    "bottom.first_drawn": (
        "{arm}：{level}では先手の優位は引き分けに変わる：ゲームの{draws} {interval}が引き分け。"
    ),
    "bottom.compare": "{other}は{base}に比べて（{changes}）、{level}では：{changed}。{headline}。",
    "bottom.compare_levels": "{other}は{base}に比べて（{changes}）。{levels}",
    "bottom.compare_level": "{level}では：{changed}。{headline}。",
    "bottom.nothing_changed": "最小効果以上の変化は示されない",
    "bottom.more_changes": "、ほか{n}件（下記）",
    "bottom.cap": (
        "{level}では{arm}のゲームの{share} {interval}が終わらずに上限で打ち切られる："
        "勝ちにも引き分けにも数えない。"
    ),
    "head.drawn": "。引き分けは{a}と{b}",
    "head.matters": (
        "先手の得点割合は{direction}：ゲームの{a}から{b}へ（引き分けは半分、公平なら{fair}{drawn}）、"
        "有意（{p}）、{settled}"
    ),
    "head.small": (
        "先手の得点割合の変化はプレイヤーが気づかないほど小さい：ゲームの{a}から{b}へ（引き分けは半分、"
        "公平なら{fair}{drawn}）、有意（{p}）、{settled}"
    ),
    "head.within": (
        "先手の得点割合の変化は{delta}以内：ゲームの{a}と{b}（引き分けは半分、公平なら{fair}{drawn}。"
        "{p_within}）、{settled}"
    ),
    "head.open": (
        "先手の得点割合はゲームの{a}と{b}（引き分けは半分、公平なら{fair}{drawn}）で、有意ではない（{p}）："
        "{more}"
    ),
    "head.na": "先手の得点割合：ゲームの{a}と{b}、検定できない",
    "head.none": "アームごとに陣営が違うため、先手は比べない",
    "head.paired": "。対にしたことで1アームあたり約{saved}ゲームを節約",
    "what.seat_balance": "席ごとの分け合いが変わる（{side}がゲームの{a}から{b}へ）",
    "what.draw_rate.up": "引き分けが増える（ゲームの{a}から{b}へ）",
    "what.draw_rate.down": "引き分けが減る（ゲームの{a}から{b}へ）",
    "what.capped.up": "上限で打ち切るゲームが増える（{a}から{b}へ）",
    "what.capped.down": "上限で打ち切るゲームが減る（{a}から{b}へ）",
    "what.length.up": "ゲームが{by}長くなる（平均{a}手から{b}手へ）",
    "what.length.down": "ゲームが{by}短くなる（平均{a}手から{b}手へ）",
    "what.length.times": "ゲームが{x}倍の長さになる（平均{a}手から{b}手へ）",
    "what.length.up_plain": "ゲームが長くなる（平均{a}手から{b}手へ）",
    "what.length.down_plain": "ゲームが短くなる（平均{a}手から{b}手へ）",
    "what.margin.up": "勝者の点差が広がる（平均{a}点から{b}点へ）",
    "what.margin.down": "勝者の点差が狭まる（平均{a}点から{b}点へ）",
    "what.lead_changes.up": "首位の交代が増える（1ゲームあたり{a}回から{b}回へ）",
    "what.lead_changes.down": "首位の交代が減る（1ゲームあたり{a}回から{b}回へ）",
    "what.decisive_at.up": "勝負が決まるのが遅くなる（勝者が首位を保ち始めるのは全手数の{a}から{b}の時点へ）",
    "what.decisive_at.down": (
        "勝負が決まるのが早くなる（勝者が首位を保ち始めるのは全手数の{a}から{b}の時点へ）"
    ),
    "what.drama.up": "勝者がより大きな遅れから逆転する（最大の遅れ{a}点から{b}点へ）",
    "what.drama.down": "勝者がより小さな遅れから逆転する（最大の遅れ{a}点から{b}点へ）",
    "what.spread.up": "最終得点の差が広がる（{a}点から{b}点へ）",
    "what.spread.down": "最終得点の差が狭まる（{a}点から{b}点へ）",
    "what.metric.up": "{name}が増える（平均{a}から{b}へ）",
    "what.metric.down": "{name}が減る（平均{a}から{b}へ）",
    "by.half": "半分",
    "by.third": "3分の1",
    "by.quarter": "4分の1",
    "by.fifth": "5分の1",
    "by.tenth": "10分の1",
    "by.pct": "{pct}%",
    "bottom.change_level": "{level}では{a}から{b}へ、{direction}、{called}",
    "bottom.default_levels": "random、greedy、探索エージェント",
    "join.list": "、",
    "join.parts": "、",
    "join.sentences": "",
    "join.end": "。",
    "bottom.called_under": "{level}では{called}",  # a called/not-called phrase (the tune's lines)
    "bottom.under_level": "（{level}）",
    "bottom.called": "有意（{p}）",
    "bottom.called_small": "有意だが、プレイヤーが気づかないほど小さい（{p}）",
    "bottom.within": "{delta}を超える変化はない（{p_within}）",
    "bottom.open": "有意ではない（{p}。{delta}の変化を判定するには1アームあたり約{need}ゲームが必要）",
    "bottom.open_unsized": "有意ではない（{p}）",
    "bottom.na": "検定できない（{p}）",
    "bottom.ranked": "先手の得点割合が公平な値に近い順のアーム{where}：{ranks}。",
    "bottom.rank": "{arm} {d} [{lo}, {hi}]",
    "bottom.pair": "{a}と{b}",
    "bottom.pairs_joint": "、",
    "bottom.ranked_overlap": "区間が重なるので、これらのゲームからは{pairs}の順位は決められない。",
    "bottom.one_set": (
        "この判定は1組のエージェント（{agents}）によるもの。強いプレイでは変わることがある。同じコマンドに"
        "--skillを付けると、このゲームのレベル（{levels}）ごとにすべての問いを判定する。"
    ),
    "bottom.two_sets": (
        "この判定は2組のエージェント（{agents}）によるもので、強さの順は示されていない。--skillを付けると、"
        "強さの順を確かめたレベルごとにすべての問いを判定する。"
    ),
    "progress.round": "ラウンド{n}：1アームあたり{games}ゲーム",
    # ---------------------------------------------------------------- skill axis
    "skill.title": "プレイの強さによる判定の変化",
    "skill.levels": "レベル（弱い順）：{levels}。1アームあたりのゲーム数：{games}。",
    "skill.question": "{question}、{arm}：{trend}",
    "skill.question_change": "{question}、{other} 対 {base}：{trend}",
    "skill.values": "{question}、{arm}：{values}。",
    "skill.value": "{level}で{value}",
    "trend.holds": "どのレベルでも変わらない（{answer}）。",
    "trend.holds_resolved": "判定できたどのレベルでも変わらない（{answer}）。",
    "trend.weak_only": "弱いプレイでだけ現れる（{x}では{weak}、{y}では{strong}）。",
    "trend.strong_only": "強いプレイでだけ現れる（{x}では{weak}、{y}では{strong}）。",
    "trend.reverses": "{x}と{y}の間で逆転する（{x}では{a}、{y}では{b}）。",
    "trend.grows": "強いプレイほど大きくなる（{x}では{a}、{y}では{b}）。",
    "trend.into_draws": "強いプレイでは引き分けに変わる（{x}では{a}、{y}では{b}）。",
    "trend.drawn": "どのレベルでもほぼすべてのゲームが引き分け（{answers}）。",
    "trend.drawn_also": "{levels}ではほぼすべてのゲームが引き分け。",
    "trend.draws_rise": "引き分けも{x}の{a}から{y}の{b}に増える。",
    "trend.unresolved": "レベル{levels}では判定できない。",
    "trend.unresolved_also": "レベル{levels}では判定できない。",
    "trend.unsteady": "レベルによって変わり、一定の傾向はない（{answers}）。",
    "trend.not_skill": "{x}と{y}の強さの違いは示されていないので、これがプレイの強さの効果だとは示されない。",
    "trend.answer": "{level}では{answer}",
    "answer.advantage": "{d}有利",
    "answer.disadvantage": "{d}不利",
    "answer.imbalance": "偏りがある",
    "answer.small": "プレイヤーが気づかないほど小さい差",
    "answer.within": "公平な値との差は{delta}以内",
    "answer.open": "判定できない",
    "answer.apart": "有意ではない（{level}の差とは区間が離れている）",
    "answer.drawn": "ゲームの{draws}が引き分け",
    "answer.na": "検定できない",
    "answer.change_within": "{delta}を超える変化はない",
    "answer.change": "{word}（{d}）",
    "answer.change_small": "{word}が、プレイヤーが気づかないほど小さい",
    "answer.both_within": "どちらも目標の範囲内",
    "q.first": "先手",
    "q.seats": "席の偏り",
    "q.draws": "引き分け",
    "q.length": "長さ",
    "q.margin": "勝者の点差",
    "q.first_change": "先手の変化",
    "q.seats_change": "席の分け合いの変化",
    "q.draws_change": "引き分けの割合の変化",
    "q.margin_change": "勝者の点差の変化",
    "q.length_change": "長さの変化",
    "strength.title": "レベルは強さの順に並んでいるか",
    "strength.where": (
        "隣り合うレベルの組ごとに、{arm}のルールで直接対戦させた（{players}人{filler}）。どちらのレベルも"
        "先手と後手を受け持ち{rotations}、順位が上だったレベルの勝ちと数える。どちらが強いかは決着した"
        "ゲームだけで判定し（正確な符号検定）、引き分けは別に数える。"
    ),
    "strength.filler": "、ほかの席は弱いほうのレベル",
    "strength.rotations": "、席の回し方をすべて試し",
    "strength.record": "{strong} 対 {weak}：{games}ゲーム中{won}勝{lost}敗、引き分け{drawn}（{draws}）",
    "strength.decided": "、決着したゲームの{share} {interval}（{p}）",
    "strength.ordered": "：強い。",
    "strength.not_ordered": "：強いとは示されないので、この2つの間の変化はプレイの強さの効果とは呼ばない。",
    "strength.reversed": (
        "：弱い。レベルは強さの順に並んでいないので、この2つの間の変化はプレイの強さの効果とは呼ばない。"
    ),
    "strength.none_decided": (
        "。決着したゲームがないので、どちらも強いとは示されず、この2つの間の変化はプレイの強さの効果とは"
        "呼ばない。"
    ),
    "strength.luck": "運の大きさ：弱いほうのレベルが上位になるゲームの割合は{shares}。",
    "strength.luck_pair": "{share}（{weak} 対 {strong}）",
    # ---------------------------------------------------------------- a tune's confirmation
    "tune.base": "元のルール",
    "tune.finalist": "候補{rank}",
    "tune.finalists": (
        "探索で最も良かった設定（良い順）：{finalists}。それぞれを新しいゲーム（{games}）で{base}と並べて"
        "再び試した。"
    ),
    "tune.finalist_setting": "{label} {setting}",
    "tune.finalist_is_base": "{label} {setting}（{base}）",
    "tune.games": "それぞれ{games}ゲーム、シード {seed}",
    "tune.games_levels": "それぞれのゲーム数：{games}、シード {seed}",
    "tune.change": (
        "{target}：{other}は{base}に比べて{measure}が{direction}：{a}から{b}へ（目標：{goal}）。{called}。"
    ),
    "tune.change_levels": "{target}：{other}は{base}に比べて、{measure}（目標：{goal}）：{levels}。",
    "tune.both_within": (
        "{target}：{other}は{base}に比べて、{measure}が{a}から{b}へ、どちらも目標（{goal}）の範囲内。"
    ),
    "tune.both_within_level": "{level}では{a}から{b}へ、どちらも目標の範囲内",
    "tune.change.head": "{target}：{other} {b}、{base} {a}（目標：{goal}）",
    "tune.change.both": "{head}：どちらも目標の範囲内。",
    "tune.goal": "{arm}、{target}：{value}（目標：{goal}）：{level}では{answer}。",
    "tune.goal_levels": "{arm}、{target}（目標：{goal}）：{levels}。",
    "tune.goal_level": "{level}で{value}：{answer}",
    "tune.answer.within": "目標の範囲内と示される（{p}）",
    "tune.answer.open": "目標の範囲内とは示されない（{p}）",
    "tune.answer.na": "検定できない（{p}）",
    "tune.requirement": "必須条件",
    "tune.weighted": "目標、重み{weight}",
    "tune.unit.points": "ポイント",
    "tune.unit.own": "その指標の単位",
    "tune.target": "`{target}`（{kind}）：{measure}。外れは{unit}で数える",
    "tune.title": "{title}：{knobs}の調整",
    "tune.knob_range": "{rule}（{lo}..{hi}、刻み{step}）",
    "tune.knob_values": "{rule}（{values}）",
    "tune.search.optuna": "OptunaのTPEが提案し、逐次半減で競わせる",
    "tune.search.ntbea": "NTBEA（TAGと同じ）",
    "tune.stopped.spent": "予算を使い切った",
    "tune.stopped.settled": "ほかに決着していない設定が残っていない",
    "tune.confirmed_levels": "確認はレベル{levels}で",
    "tune.confirmed_games": "確認はそれぞれ{games}ゲーム",
    "tune.sub": (
        "{players}人 | ルール {rules} | エージェント {agents} | 探索：{search}、{budget}ゲーム中{spent}"
        "ゲーム（{stopped}） | {confirmed}、シード {confirm_seed} | シード {seed}"
    ),
    "tune.games_at": "{level}で{games}",
    "tune.sep": "；",
    "tune.position": "手番順{n}",
    "tune.comma": "、",
    "tune.targets": "目標：",
    "tune.method": (
        "候補：探索で最もよかった{finalists}個の設定（目的関数が悪い側に標準誤差1つ分ずらして最も低い"
        "もの）。新しいゲームで元のルール（{base}）と並べて遊び直し、`simulate compare`がアームを判定する"
        "のと同じように判定する。各目標には目標の範囲内かどうかの検定（1つの値は--min-effectの分だけ両側"
        "に広げる）を加え、レポートが比べない指標には元のルールに対する変化も加える。"
    ),
    "tune.scope.report": "このレポート",
    "tune.scope.confirmation": "この確認",
    "tune.changes": "各候補が変えるもの",
    "tune.no_finalist": "（元のルールのほかに候補はない）",
    "tune.findings": "レポートの言葉で見た確認",
    "tune.variant": "データファイルに貼り付けるバリアント",
    "tune.best": "探索で最もよかった設定",
    "tune.best.head": "| 順位 | 設定 | ゲーム数 | 目的関数（±標準誤差） |",
    "tune.history": "探索の履歴",
    "tune.history.about": (
        "目的関数は各目標の外れに重みを掛けて足したもの（割合はポイントで）。それぞれその設定のそれまでのゲームで"
        "測る。`how`：サンプラーの提案（proposed）、小さな空間のすべての設定（grid）、それまでの最良として残した"
        "もの（kept）、またはNTBEAの評価（そのゲームだけ）（ntbea）。"
    ),
    "tune.history.head": "| 手順 | ラウンド | how | 設定 | ゲーム数 | 目的関数（±標準誤差） |",
    "tune.figure.finalist": "候補",
    "tune.figure.about": (
        "点：探索が測った設定（95%区間。濃いほどゲームが多い）。星：候補。帯：目標（1つの値は--min-effectの分だけ"
        "広げる）"
    ),
    "tune.paste": "データファイルに貼り付ける（そのあとはprintkit buildとsimulate compareがそのまま使う）：",
    "tune.share_decided": "決着したゲームの{share} {interval}",
    "tune.share_games": "ゲームの{share} {interval}",
    "tune.no_decided": "決着したゲームがない",
    "goal.fair": "公平な{fair}との差が{delta}以内",
    "goal.every_fair": "どの割合も公平な{fair}との差が{delta}以内",
    "goal.near": "{value}との差が{delta}以内",
    "goal.at": "{value}",
    "goal.at_most": "{value}以下",
    "goal.at_least": "{value}以上",
    "goal.between": "{lo}～{hi}",
    "word.goal_closer": "目標に近づく",
    "word.goal_further": "目標から遠ざかる",
    "word.goal_closer_across": "目標に近づき、目標をまたぐ",
    "word.goal_further_across": "目標から遠ざかり、目標をまたぐ",
    "measure.first_mover": "決着したゲームでの先手の割合",
    "measure.seats": "決着したゲームでの席（またはチーム）の割合と公平な値との最大の差",
    "measure.positions": "決着したゲームでの手番順の割合と公平な値との最大の差",
    "measure.draws": "引き分けの割合",
    "measure.capped": "上限で打ち切られたゲームの割合",
    "measure.length": "平均の手数",
    "measure.margin": "勝者の平均点差（1位と2位の得点差）",
    "measure.score": "プレイヤーの平均最終得点",
    "measure.metric": "1ゲームあたりの{name}の平均",
    "unit.value": "{n}",
    "unit.values": "{n}",
    "unit.value_adj": "{n}",
}

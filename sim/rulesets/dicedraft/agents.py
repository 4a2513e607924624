"""Dicedraft play agents, chosen by integer code (constants.Agent).

- random: uniform over the legal choices at each decision.
- greedy: a one-step evaluation of each choice with the weights in `w[side]` (constants.Weight),
  which a sweep can tune.
- hard: searches its put-downs and attacks (hard.py); its other choices are the greedy agent's.

Hidden information (invariant 4): an agent reads its own cards, the opponent's face-up cards and
public counts. An opponent's face-down card on the table is read only as "a card", pictured as the
average character of the opponent's faction pool (the pools are public; `val[viewer, side,
V_MEAN_*]`); its identity is never read.

An agent only chooses among what the rules allow: legal.py lists the legal choices (or, for block
shapes, checks each one) and the functions here weigh them.

Nothing here allocates: lists live in the record's scratch rows (state.SC_*).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.bitsets import bit_count, lowest_bit
from sim.core.rng import Purpose, below
from sim.rulesets.dicedraft.constants import V_MEAN_ATQ, V_MEAN_DEF, V_MEAN_VALUE, Agent, Boost, Field, Weight, Zone
from sim.rulesets.dicedraft.fights import flips, roll_gain
from sim.rulesets.dicedraft.legal import (
    can_block_alone, can_block_in_pair, can_join, discard_options, is_free, put_down_options, usable_dice,
)
from sim.rulesets.dicedraft.state import (
    F_A0, F_A1, F_ATQ_A, F_D0, F_D1, PS_AGENT, PS_CHARS, PS_LIVES, PS_REVEALED, SC_ATTACKERS, SC_BLOCKED,
    SC_BLOCKERS, SC_ORDER, SC_RANKED, stream, zone_mask,
)


@njit(cache=True, _nrt=False, inline="always")
def _roll_choice(g: np.void, side: int, n: int) -> int:
    return below(g.rng, stream(side, Purpose.AGENT), n)


@njit(cache=True, _nrt=False, inline="always")
def _nth_card(mask: np.int64, k: int) -> int:
    """The k-th card (in pool order) of a card mask, or -1."""
    while mask:
        if k == 0:
            return lowest_bit(mask)
        mask &= mask - np.int64(1)
        k -= 1
    return -1


@njit(cache=True, _nrt=False, inline="always")
def choose_put_down(g: np.void, p: int) -> int:
    """Rule D-05: the card to put face down this turn (one of legal.put_down_options), or -1 to pass."""
    val = g.val
    hand = put_down_options(g, p)
    if hand == 0:
        return -1
    best = lowest_bit(hand)
    best_val = val[p, p, best]
    n_hand = 1
    m = hand & (hand - np.int64(1))
    while m:  # selects, not branches: which card is best is a coin toss to the branch predictor
        c = lowest_bit(m)
        m &= m - np.int64(1)
        n_hand += 1
        better = val[p, p, c] > best_val
        best = c if better else best
        best_val = val[p, p, c] if better else best_val
    if g.ps[p, PS_AGENT] != Agent.RANDOM:
        return best
    pick = _roll_choice(g, p, n_hand + 1)  # n_hand means: pass
    return -1 if pick == n_hand else _nth_card(hand, pick)


@njit(cache=True, _nrt=False, inline="always")
def visible_blockers(g: np.void, p: int) -> tuple:
    """The opposing table cards that p must assume can block, as masks (face up, face down): face-up
    characters and every face-down card (p cannot tell a face-down die from a character). Face up
    is the revealed mask (`PS_REVEALED`, which follows each card's `Seen.REVEALED` flag)."""
    ps = g.ps
    opp = 1 - p
    table = zone_mask(g, opp, Zone.TABLE)
    revealed = ps[opp, PS_REVEALED]
    return table & revealed & ps[opp, PS_CHARS], table & ~revealed


@njit(cache=True, _nrt=False)
def choose_attackers(g: np.void, p: int, n: int) -> int:
    """Rule D-07: which of the n characters that may attack (legal.list_attackers, in
    g.scratch[SC_ATTACKERS]) attack together this turn; keeps them at the front of that row, returns
    how many."""
    if n == 0:
        return 0
    if g.ps[p, PS_AGENT] != Agent.RANDOM:
        face_up, face_down = visible_blockers(g, p)
        return _greedy_attackers(g, p, n, face_up, face_down)
    out = g.scratch[SC_ATTACKERS]
    chosen = 0
    for i in range(n):  # uniform over all subsets of the able attackers
        if _roll_choice(g, p, 2) == 1:
            out[chosen] = out[i]
            chosen += 1
    return chosen


@njit(cache=True, _nrt=False, inline="always")
def _lethal_swarm(g: np.void, p: int, n: int, block_slots: int) -> bool:
    """More attackers than possible blocks, and the weakest unblockable rest is lethal."""
    if n <= block_slots:
        return False
    tab, out, ranked = g.tab, g.scratch[SC_ATTACKERS], g.scratch[SC_RANKED]
    for i in range(n):  # insertion sort of attack values, ascending
        x = tab[p, out[i], Field.ATQ]
        j = i
        while j > 0 and ranked[j - 1] > x:
            ranked[j] = ranked[j - 1]
            j -= 1
        ranked[j] = x
    through = 0
    for i in range(n - block_slots):
        through += ranked[i]
    return through >= g.ps[1 - p, PS_LIVES]


@njit(cache=True, _nrt=False, inline="always")
def _pictured(g: np.void, p: int, c: int, up: np.int64) -> tuple:
    """(ATQ, DEF, value, double block) of the opponent's table card c as p sees it: its own when face
    up (`up` 1), the average character of the opponent's pool when face down (`val[p, opp,
    V_MEAN_*]`, no double block). Products of 0 and 1, not selects: LLVM may compile a select on a card's flags as
    a branch (it does for a CPU without AVX-512's masks), and which blockers are face down is a coin
    toss to the branch predictor."""
    tab, val = g.tab, g.val
    opp = 1 - p
    face_up = float(up)
    face_down = 1.0 - face_up
    b_atq = float(tab[opp, c, Field.ATQ]) * face_up + val[p, opp, V_MEAN_ATQ] * face_down
    b_def = float(tab[opp, c, Field.DEF]) * face_up + val[p, opp, V_MEAN_DEF] * face_down
    b_val = val[p, opp, c] * face_up + val[p, opp, V_MEAN_VALUE] * face_down
    double_block = up & np.int64(tab[opp, c, Field.DOUBLE_BLOCK] == 1)
    return b_atq, b_def, b_val, double_block


@njit(cache=True, _nrt=False)
def _two_strongest(g: np.void, p: int, face_up: np.int64, face_down: np.int64) -> tuple:
    """Rule D-11: (ATQ, DEF, value) of the two blockers with the highest ATQ among the cards of the
    masks face_up and face_down (`visible_blockers`) as p sees them (`_pictured`), in pool order,
    the first of equals first; zeros for none. Every face-down card is pictured alike and neither
    top ATQ ever falls, so once two face-down cards are in, both tops are at least their ATQ and a
    third changes nothing: the walk takes the face-up cards and the first two face-down ones."""
    atq1 = atq2 = def1 = def2 = val1 = val2 = 0.0
    second_down = face_down & (face_down - np.int64(1))
    m = face_up | (face_down & -face_down) | (second_down & -second_down)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        b_atq, b_def, b_val, _ = _pictured(g, p, c, (face_up >> np.int64(c)) & np.int64(1))
        above_1 = b_atq > atq1
        above_2 = b_atq > atq2
        atq2 = atq1 if above_1 else (b_atq if above_2 else atq2)
        def2 = def1 if above_1 else (b_def if above_2 else def2)
        val2 = val1 if above_1 else (b_val if above_2 else val2)
        atq1 = b_atq if above_1 else atq1
        def1 = b_def if above_1 else def1
        val1 = b_val if above_1 else val1
    return atq1, atq2, def1, def2, val1, val2


@njit(cache=True, _nrt=False, inline="always")
def _greedy_attackers(g: np.void, p: int, n: int, face_up: np.int64, face_down: np.int64) -> int:
    """Attack with each character whose expected result is good enough.

    One step of lookahead: for each attacker, the opponent's best visible block by the same
    evaluation (exchange of values plus life saved); the attacker's result is minus that exchange,
    or the life damage when no block pays for the opponent. All-out attack when there are more
    attackers than possible blockers and the unblockable rest is lethal.

    p reads a face-up blocker's ATQ, DEF, value and double block; a face-down card is pictured as an
    average character of the opponent's pool (`_pictured`). Every face-down blocker is pictured
    alike, and a blocker weighed like an earlier one never beats it (the best block is the first of
    the best), so each attacker is weighed against the face-up blockers and the first face-down one
    only, in pool order (g.fsc rows ATQ, DEF, value, double block): the masks' walk skips the
    other face-down cards, which count only as block slots. The two strongest blockers (a double
    attacker's pair block, rule D-11) are found only for a double attacker. Where which blocker
    wins is data, the loops count and multiply by 0 or 1 instead of branching: the values are
    finite (weights are checked so), so only the sign of a zero can differ, and no comparison sees
    it."""
    tab, val, w, fsc = g.tab, g.val, g.w, g.fsc
    out = g.scratch[SC_ATTACKERS]
    life = w[p, Weight.LIFE]
    aggression = w[p, Weight.AGGRESSION]
    n_seen = bit_count(face_up | face_down)
    block_slots = n_seen  # one each, two for a face-up double blocker (below)
    n_weighed = np.int64(0)
    m = face_up | (face_down & -face_down)  # the face-up cards and the first face-down one
    while m:  # each blocker weighed, as p sees it, once
        c = lowest_bit(m)
        m &= m - np.int64(1)
        b_atq, b_def, b_val, double_block = _pictured(g, p, c, (face_up >> np.int64(c)) & np.int64(1))
        block_slots += double_block
        fsc[0, n_weighed], fsc[1, n_weighed], fsc[2, n_weighed] = b_atq, b_def, b_val
        fsc[3, n_weighed] = float(double_block)
        n_weighed += 1
    if _lethal_swarm(g, p, n, block_slots):
        return n
    strongest_found = False
    atq1 = atq2 = def1 = def2 = val1 = val2 = 0.0
    chosen = 0
    for i in range(n):
        a = out[i]
        a_atq = float(tab[p, a, Field.ATQ])
        a_def = float(tab[p, a, Field.DEF])
        a_val = val[p, p, a]
        double_attack = tab[p, a, Field.DOUBLE_ATTACK] == 1
        saved = life * a_atq
        best_for_them = 0.0
        result = saved  # unblocked: damage to their lives
        for k in range(n_weighed):
            # rule D-11: one normal defender cannot stop a double attacker
            able = (not double_attack) | (fsc[3, k] > 0.0)
            exchange = a_val * (fsc[0, k] >= a_def) - fsc[2, k] * (a_atq >= fsc[1, k])
            better = able & (exchange + saved > best_for_them)
            best_for_them = exchange + saved if better else best_for_them
            result = -exchange if better else result
        if double_attack and n_seen >= 2:
            if not strongest_found:
                atq1, atq2, def1, def2, val1, val2 = _two_strongest(g, p, face_up, face_down)
                strongest_found = True
            exchange = (a_val if atq1 + atq2 >= a_def else 0.0)
            exchange -= (val1 if a_atq >= def1 else 0.0) + (val2 if a_atq >= def2 else 0.0)
            if exchange + saved > best_for_them:
                result = -exchange
        out[chosen] = a  # kept only when it attacks: out[i] is read already, and chosen <= i
        chosen += 1 if result + aggression * a_atq >= 0.0 else 0
    return chosen


@njit(cache=True, _nrt=False)
def choose_blocks(g: np.void, dfn: int, na: int, nb: int) -> int:
    """Rules D-08, D-10, D-11, D-12: the defender's blocks of the na attackers in
    g.scratch[SC_ATTACKERS], as rows of g.fights; returns their number, and marks g.scratch[SC_BLOCKED].

    g.scratch[SC_BLOCKERS] lists the nb characters that may block (legal.list_blockers). The legal
    shapes (legal.can_block_alone, can_block_in_pair, can_join, is_free): one defender on one
    attacker; a double blocker on one attacker or on two normal attackers; two defenders, dedicated
    to that fight, on one double attacker. A single normal defender cannot stop a double attacker
    (rule D-11)."""
    tab, w, ps, fights = g.tab, g.w, g.ps, g.fights
    attackers, blockers = g.scratch[SC_ATTACKERS], g.scratch[SC_BLOCKERS]
    blocked, order = g.scratch[SC_BLOCKED], g.scratch[SC_ORDER]
    att = 1 - dfn
    for i in range(na):
        blocked[i] = 0
        order[i] = i
    greedy = ps[dfn, PS_AGENT] != Agent.RANDOM
    incoming = 0
    if greedy:
        for i in range(na):
            incoming += tab[att, attackers[i], Field.ATQ]
        for i in range(1, na):  # most dangerous attackers first (insertion sort: na is small)
            j = i
            while j > 0 and tab[att, attackers[order[j]], Field.ATQ] > tab[att, attackers[order[j - 1]], Field.ATQ]:
                order[j], order[j - 1] = order[j - 1], order[j]
                j -= 1
    used = np.int64(0)  # bit b: blockers[b] is already in a fight
    nf = np.int64(0)  # not a literal 0: that would compile the callees twice
    for k in range(na):
        i = order[k]
        a = attackers[i]
        if greedy:
            urgent = incoming >= ps[dfn, PS_LIVES]
            life = w[dfn, Weight.LIFE] * (5.0 if urgent else 1.0)
            b0, b1, second_of = _greedy_block(g, dfn, a, nb, used, nf, life)
        else:
            b0, b1, second_of = _random_block(g, dfn, a, nb, used, nf)
        if b0 < 0 and second_of < 0:
            continue
        blocked[i] = 1
        incoming -= tab[att, a, Field.ATQ]
        if second_of >= 0:  # rule D-10: joins as the second attacker; no counterattack
            fights[second_of, F_A1] = a
            continue
        fights[nf, F_A0] = a
        fights[nf, F_A1] = -1
        fights[nf, F_D0] = blockers[b0]
        fights[nf, F_D1] = blockers[b1] if b1 >= 0 else -1
        for x in range(F_ATQ_A, F_ATQ_A + 4):
            fights[nf, x] = 0
        used |= np.int64(1) << np.int64(b0)
        if b1 >= 0:
            used |= np.int64(1) << np.int64(b1)
        nf += 1
    return nf


@njit(cache=True, _nrt=False, inline="always")
def _greedy_block(g: np.void, dfn: int, a: int, nb: int, used: np.int64, nf: int, life: float) -> tuple:
    """The legal block of attacker `a` with the best exchange plus life saved, if better than none.
    Returns (blocker index, second blocker index or -1, fight to join as second attacker or -1)."""
    tab, val, fights, blockers = g.tab, g.val, g.fights, g.scratch[SC_BLOCKERS]
    att = 1 - dfn
    a_atq = tab[att, a, Field.ATQ]
    a_def = tab[att, a, Field.DEF]
    a_val = val[dfn, att, a]
    saved = life * a_atq
    best = 0.0
    single = -1
    for b in range(nb):
        # products and `&`, not selects and `and`: an `and` compiles as a branch, a select may (without
        # AVX-512's masks), and which block wins is a coin toss to a branch predictor (the values are
        # finite: only a zero's sign moves)
        d = blockers[b]
        score = saved + a_val * (tab[dfn, d, Field.ATQ] >= a_def)
        score -= val[dfn, dfn, d] * (a_atq >= tab[dfn, d, Field.DEF])
        better = is_free(used, b) & can_block_alone(g, dfn, a, d) & (score > best)
        best = score if better else best
        single = b if better else single
    choice = (single, -1, -1)
    if can_block_in_pair(g, dfn, a):
        for b0 in range(nb):
            if not is_free(used, b0):
                continue
            d0 = blockers[b0]
            for b1 in range(b0 + 1, nb):
                if not is_free(used, b1):
                    continue
                d1 = blockers[b1]
                counter = tab[dfn, d0, Field.ATQ] + tab[dfn, d1, Field.ATQ]
                score = saved + (a_val if counter >= a_def else 0.0)
                score -= val[dfn, dfn, d0] if a_atq >= tab[dfn, d0, Field.DEF] else 0.0
                score -= val[dfn, dfn, d1] if a_atq >= tab[dfn, d1, Field.DEF] else 0.0
                if score > best:
                    best, choice = score, (b0, b1, -1)
        return choice
    for f in range(nf):
        if not can_join(g, dfn, f, a):
            continue
        d = fights[f, F_D0]
        first_atq = tab[att, fights[f, F_A0], Field.ATQ]
        d_def = tab[dfn, d, Field.DEF]
        newly_dies = first_atq < d_def <= first_atq + a_atq
        score = saved - (val[dfn, dfn, d] if newly_dies else 0.0)
        if score > best:
            best, choice = score, (-1, -1, f)
    return choice


@njit(cache=True, _nrt=False)
def _random_block(g: np.void, dfn: int, a: int, nb: int, used: np.int64, nf: int) -> tuple:
    """Uniform over: no block, each legal single block, each legal pair, each open second slot."""
    blockers = g.scratch[SC_BLOCKERS]
    in_pair = can_block_in_pair(g, dfn, a)
    options = 1
    pick = 0
    for walk in range(2):  # first count the options, then walk to the chosen one
        if walk == 1:
            pick = _roll_choice(g, dfn, options)
            if pick == 0:
                return -1, -1, -1
            pick -= 1
        for b in range(nb):
            if is_free(used, b) and can_block_alone(g, dfn, a, blockers[b]):
                if walk == 0:
                    options += 1
                elif pick == 0:
                    return b, -1, -1
                else:
                    pick -= 1
        if in_pair:
            for b0 in range(nb):
                if not is_free(used, b0):
                    continue
                for b1 in range(b0 + 1, nb):
                    if is_free(used, b1):
                        if walk == 0:
                            options += 1
                        elif pick == 0:
                            return b0, b1, -1
                        else:
                            pick -= 1
        else:
            for f in range(nf):
                if can_join(g, dfn, f, a):
                    if walk == 0:
                        options += 1
                    elif pick == 0:
                        return -1, -1, f
                    else:
                        pick -= 1
    return -1, -1, -1


@njit(cache=True, _nrt=False)
def choose_die(g: np.void, p: int, att: int, nf: int) -> int:
    """Rule D-13: the dice card `p` uses now (one of legal.usable_dice), or -1 to pass.

    Greedy: the expected value of what the roll would turn in its best fight (the result is
    assigned after rolling), against what keeping the die is worth. What each fight would turn is
    worked out once per boost kind (`g.fsc` rows), and so is the best gain of each roll, summed
    from roll 1 up (`g.roll_gains[boost, roll]`): a d4 and a d6 of one boost share their first four."""
    tab, val, w, fsc, sums = g.tab, g.val, g.w, g.fsc, g.roll_gains
    dice = usable_dice(g, p)
    if dice == 0:
        return -1
    if g.ps[p, PS_AGENT] == Agent.RANDOM:
        n_dice = bit_count(dice)
        pick = _roll_choice(g, p, n_dice + 1)  # n_dice means: pass
        return -1 if pick == n_dice else _nth_card(dice, pick)
    worked_out = np.int64(0)  # bit per boost kind
    summed_atq = summed_def = 0  # the rolls summed so far in sums[Boost.ATQ], sums[Boost.DEF]
    keep = w[p, Weight.DICE_KEEP]
    best = -1
    best_margin = 0.0
    m = dice
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        die = tab[p, c, Field.DIE]
        boost = tab[p, c, Field.BOOST]
        row = 4 * boost
        if not (worked_out >> np.int64(boost)) & np.int64(1):
            for f in range(nf):
                fsc[row, f], fsc[row + 1, f], fsc[row + 2, f], fsc[row + 3, f] = flips(g, f, att, p, boost)
            worked_out |= np.int64(1) << np.int64(boost)
            sums[boost, 0] = 0.0
        summed = summed_def if boost == Boost.DEF else summed_atq
        for roll in range(summed + 1, die + 1):
            best_gain = 0.0
            for f in range(nf):
                gain = 0.0
                if 1 <= fsc[row, f] <= roll:
                    gain += fsc[row + 1, f]
                if 1 <= fsc[row + 2, f] <= roll:
                    gain += fsc[row + 3, f]
                best_gain = max(best_gain, gain)
            sums[boost, roll] = sums[boost, roll - 1] + best_gain
        if die > summed:
            if boost == Boost.DEF:
                summed_def = die
            else:
                summed_atq = die
        margin = sums[boost, die] / die - keep * val[p, p, c]
        if margin > best_margin:
            best, best_margin = c, margin
    return best


@njit(cache=True, _nrt=False, inline="always")
def _best_fight_for(g: np.void, nf: int, att: int, p: int, boost: int, roll: int) -> tuple:
    """(gain, fight) of the fight where adding `roll` helps `p` most."""
    best_gain = 0.0
    best_f = 0
    for f in range(nf):
        gain = roll_gain(g, f, att, p, boost, roll)
        if gain > best_gain:
            best_gain, best_f = gain, f
    return best_gain, best_f


@njit(cache=True, _nrt=False, inline="always")
def choose_fight(g: np.void, p: int, att: int, nf: int, boost: int, roll: int) -> int:
    """Rule D-13: the fight a rolled result is assigned to (any of the nf fights of this combat)."""
    if g.ps[p, PS_AGENT] == Agent.RANDOM:
        return _roll_choice(g, p, nf)
    return _best_fight_for(g, nf, att, p, boost, roll)[1]


@njit(cache=True, _nrt=False)
def choose_discard(g: np.void, p: int) -> int:
    """Hand limit (decision, rules.md): the card to discard (one of legal.discard_options): the least
    valued, or uniform."""
    val = g.val
    hand = discard_options(g, p)
    n_hand = 0
    worst = -1
    m = hand
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        n_hand += 1
        if worst < 0 or val[p, p, c] < val[p, p, worst]:
            worst = c
    if g.ps[p, PS_AGENT] != Agent.RANDOM or n_hand == 0:
        return worst
    return _nth_card(hand, _roll_choice(g, p, n_hand))

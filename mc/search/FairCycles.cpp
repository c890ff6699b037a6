#include "mc/search/FairCycles.hpp"

#include <algorithm>
#include <deque>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace rankfold::mc {

namespace {

bool member(const std::vector<NodeId>& sorted, NodeId n) {
    return std::binary_search(sorted.begin(), sorted.end(), n);
}

// Breadth first from `from` over the edges that stay inside `sorted` (all nodes when empty):
// for each node reached, the step that reached it first.
struct Reach {
    std::unordered_map<NodeId, LassoStep> parent;
    std::unordered_map<NodeId, std::uint32_t> distance;
};

Reach breadth_first(const ProductGraph& g, const std::vector<NodeId>& from,
                    const std::vector<NodeId>* sorted) {
    Reach r;
    std::deque<NodeId> queue;
    for (NodeId n : from)
        if (r.distance.emplace(n, 0).second) queue.push_back(n);
    while (!queue.empty()) {
        const NodeId n = queue.front();
        queue.pop_front();
        const auto& edges = g.nodes[n].edges;
        for (std::uint32_t e = 0; e < edges.size(); ++e) {
            const NodeId t = edges[e].target;
            if (sorted != nullptr && !member(*sorted, t)) continue;
            if (!r.distance.emplace(t, r.distance[n] + 1).second) continue;
            r.parent[t] = {n, e};
            queue.push_back(t);
        }
    }
    return r;
}

// The steps from a source of `r` to `to` (which r reached).
std::vector<LassoStep> unwind(const Reach& r, NodeId to) {
    std::vector<LassoStep> path;
    for (auto it = r.parent.find(to); it != r.parent.end(); it = r.parent.find(it->second.from))
        path.push_back(it->second);
    std::reverse(path.begin(), path.end());
    return path;
}

bool nontrivial(const ProductGraph& g, const std::vector<NodeId>& sorted) {
    if (sorted.size() > 1) return true;
    return std::ranges::any_of(g.nodes[sorted[0]].edges,
                               [&](const ProductEdge& e) { return e.target == sorted[0]; });
}

} // namespace

std::vector<std::vector<NodeId>> strongly_connected(const ProductGraph& g,
                                                    const std::vector<NodeId>& members) {
    // Tarjan's algorithm with an explicit stack; positions are local to `members`.
    std::unordered_map<NodeId, std::uint32_t> local;
    for (std::uint32_t i = 0; i < members.size(); ++i) local.emplace(members[i], i);
    constexpr std::uint32_t kUnseen = std::numeric_limits<std::uint32_t>::max();
    std::vector<std::uint32_t> index(members.size(), kUnseen), low(members.size(), 0);
    std::vector<bool> on_stack(members.size(), false);
    std::vector<std::uint32_t> stack;
    struct Frame {
        std::uint32_t node, next_edge;
    };
    std::vector<Frame> dfs;
    std::vector<std::vector<NodeId>> components;
    std::uint32_t counter = 0;
    for (std::uint32_t root = 0; root < members.size(); ++root) {
        if (index[root] != kUnseen) continue;
        dfs.push_back({root, 0});
        index[root] = low[root] = counter++;
        stack.push_back(root);
        on_stack[root] = true;
        while (!dfs.empty()) {
            Frame& f = dfs.back();
            const auto& edges = g.nodes[members[f.node]].edges;
            if (f.next_edge < edges.size()) {
                const auto it = local.find(edges[f.next_edge++].target);
                if (it == local.end()) continue;
                const std::uint32_t w = it->second;
                if (index[w] == kUnseen) {
                    index[w] = low[w] = counter++;
                    stack.push_back(w);
                    on_stack[w] = true;
                    dfs.push_back({w, 0});
                } else if (on_stack[w]) {
                    low[f.node] = std::min(low[f.node], index[w]);
                }
                continue;
            }
            const std::uint32_t v = f.node;
            dfs.pop_back();
            if (!dfs.empty()) low[dfs.back().node] = std::min(low[dfs.back().node], low[v]);
            if (low[v] != index[v]) continue;
            std::vector<NodeId>& c = components.emplace_back();
            std::uint32_t w = 0;
            do {
                w = stack.back();
                stack.pop_back();
                on_stack[w] = false;
                c.push_back(members[w]);
            } while (w != v);
        }
    }
    return components;
}

std::optional<std::vector<NodeId>> fair_component(const ProductGraph& g,
                                                  const std::vector<NodeId>& component,
                                                  const FairnessCondition& fairness) {
    std::vector<std::vector<NodeId>> work{component};
    while (!work.empty()) {
        std::vector<NodeId> c = std::move(work.back());
        work.pop_back();
        std::sort(c.begin(), c.end());
        if (c.empty() || !nontrivial(g, c)) continue;
        std::uint64_t marks = 0;
        std::unordered_set<std::int32_t> taken, enabled;
        for (NodeId n : c) {
            for (std::int32_t p : g.nodes[n].enabled_pairs) enabled.insert(p);
            for (const ProductEdge& e : g.nodes[n].edges) {
                if (!member(c, e.target)) continue;
                marks |= e.marks;
                if (e.taken_pair >= 0) taken.insert(e.taken_pair);
            }
        }
        if ((marks & fairness.required_marks) != fairness.required_marks) continue;
        if (!fairness.streett) return c;
        std::unordered_set<std::int32_t> bad;
        for (std::int32_t p : enabled)
            if (!taken.contains(p)) bad.insert(p);
        if (bad.empty()) return c;
        // No fair cycle goes through a node enabling an unsatisfiable pair: drop those nodes.
        std::vector<NodeId> rest;
        for (NodeId n : c) {
            const auto& pairs = g.nodes[n].enabled_pairs;
            if (std::none_of(pairs.begin(), pairs.end(),
                             [&](std::int32_t p) { return bad.contains(p); }))
                rest.push_back(n);
        }
        for (auto& sub : strongly_connected(g, rest)) work.push_back(std::move(sub));
    }
    return std::nullopt;
}

std::vector<LassoStep> fair_cycle(const ProductGraph& g, const std::vector<NodeId>& component,
                                  NodeId start, const FairnessCondition& fairness) {
    std::vector<NodeId> c = component;
    std::sort(c.begin(), c.end());
    std::uint64_t needed_marks = fairness.required_marks;
    std::unordered_set<std::int32_t> needed_pairs;
    if (fairness.streett)
        for (NodeId n : c)
            for (std::int32_t p : g.nodes[n].enabled_pairs) needed_pairs.insert(p);
    const auto useful = [&](const ProductEdge& e) {
        return (e.marks & needed_marks) != 0 ||
               (e.taken_pair >= 0 && needed_pairs.contains(e.taken_pair));
    };
    const auto take = [&](const LassoStep& s, std::vector<LassoStep>& cycle) {
        const ProductEdge& e = g.nodes[s.from].edges[s.edge];
        needed_marks &= ~e.marks;
        if (e.taken_pair >= 0) needed_pairs.erase(e.taken_pair);
        cycle.push_back(s);
        return e.target;
    };
    std::vector<LassoStep> cycle;
    NodeId at = start;
    // Greedily: go to the nearest edge that gives something still needed, take it, repeat.
    while (needed_marks != 0 || !needed_pairs.empty()) {
        const Reach r = breadth_first(g, {at}, &c);
        std::optional<LassoStep> best;
        std::uint32_t best_distance = std::numeric_limits<std::uint32_t>::max();
        for (const auto& [n, d] : r.distance) {
            if (d >= best_distance) continue;
            const auto& edges = g.nodes[n].edges;
            for (std::uint32_t e = 0; e < edges.size(); ++e)
                if (member(c, edges[e].target) && useful(edges[e])) {
                    best = LassoStep{n, e};
                    best_distance = d;
                    break;
                }
        }
        if (!best) return {}; // not a fair component: the caller's mistake
        for (const LassoStep& s : unwind(r, best->from)) take(s, cycle);
        at = take(*best, cycle);
    }
    if (at != start || cycle.empty()) {
        const Reach r = breadth_first(g, {at}, &c);
        if (at == start) { // nothing was needed: any cycle through start will do
            for (std::uint32_t e = 0; e < g.nodes[start].edges.size(); ++e)
                if (member(c, g.nodes[start].edges[e].target)) {
                    at = take({start, e}, cycle);
                    break;
                }
            if (at == start) return cycle;
            const Reach back = breadth_first(g, {at}, &c);
            for (const LassoStep& s : unwind(back, start)) take(s, cycle);
            return cycle;
        }
        for (const LassoStep& s : unwind(r, start)) take(s, cycle);
    }
    return cycle;
}

std::pair<NodeId, std::vector<LassoStep>> path_to_nearest(const ProductGraph& g,
                                                          const std::vector<NodeId>& targets) {
    const Reach r = breadth_first(g, g.initial, nullptr);
    NodeId best = targets.front();
    std::uint32_t best_distance = std::numeric_limits<std::uint32_t>::max();
    for (NodeId t : targets)
        if (const auto it = r.distance.find(t);
            it != r.distance.end() && it->second < best_distance) {
            best = t;
            best_distance = it->second;
        }
    return {best, unwind(r, best)};
}

} // namespace rankfold::mc

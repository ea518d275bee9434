#!/usr/bin/env python3
"""Readability figures of a Graphviz SVG map (Benchmarks/RESULTS.md, layered charts):
size and aspect ratio, total edge length, edge crossings (pairs of edges with no end in
common whose paths cross; each cubic piece sampled at 8 steps, segments bucketed in a
grid) and overlapping boxes.

    python3 Benchmarks/layered-metrics.py map.svg
"""
import re,sys,math,collections
svg=open(sys.argv[1]).read()
vb=re.search(r'viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"',svg); W,H=float(vb.group(3)),float(vb.group(4))
nodes=[]
for m in re.finditer(r'<g id="[^"]*" class="node[^"]*">(.*?)</g>',svg,re.S):
    xs=[];ys=[]
    for s in re.findall(r'(?:\spoints| d)="([^"]*)"',m.group(1)):
        v=[float(x) for x in re.findall(r'-?\d+(?:\.\d+)?',s)]
        xs+=v[0::2]; ys+=v[1::2]
    if xs: nodes.append((min(xs),min(ys),max(xs),max(ys)))
def bez(p0,p1,p2,p3,t):
    u=1-t; return (u**3*p0[0]+3*u*u*t*p1[0]+3*u*t*t*p2[0]+t**3*p3[0], u**3*p0[1]+3*u*u*t*p1[1]+3*u*t*t*p2[1]+t**3*p3[1])
edges=[]; total=0
for m in re.finditer(r'<g id="[^"]*" class="edge[^"]*">\s*<title>([^<]*)</title>(.*?)</g>',svg,re.S):
    ends=tuple(m.group(1).replace('&#45;&gt;','->').split('->'))
    d=re.search(r'<path[^>]*d="([^"]*)"',m.group(2))
    if not d: continue
    v=[float(x) for x in re.findall(r'-?\d+(?:\.\d+)?',d.group(1))]
    pts=list(zip(v[0::2],v[1::2])); poly=[]
    for k in range(0,len(pts)-3,3):
        for t in range(9): poly.append(bez(pts[k],pts[k+1],pts[k+2],pts[k+3],t/8))
    if len(poly)<2: poly=pts
    segs=[(poly[i],poly[i+1]) for i in range(len(poly)-1) if poly[i]!=poly[i+1]]
    total+=sum(math.dist(a,b) for a,b in segs)
    edges.append((ends,segs))
# node overlaps
C=300; grid=collections.defaultdict(list); ov=0
for i,(x0,y0,x1,y1) in enumerate(nodes):
    cand=set()
    for gx in range(int(x0//C),int(x1//C)+1):
        for gy in range(int(y0//C),int(y1//C)+1): cand.update(grid[(gx,gy)]); grid[(gx,gy)].append(i)
    for j in cand:
        a=nodes[j]
        if a[0]<x1 and x0<a[2] and a[1]<y1 and y0<a[3]: ov+=1
# crossings
def ccw(a,b,c): return (b[0]-a[0])*(c[1]-a[1])-(b[1]-a[1])*(c[0]-a[0])
def inter(p,q):
    a,b=p; c,d=q
    d1=ccw(c,d,a); d2=ccw(c,d,b); d3=ccw(a,b,c); d4=ccw(a,b,d)
    return ((d1>0)!=(d2>0)) and ((d3>0)!=(d4>0)) and d1*d2<0 and d3*d4<0
G=60; sg=collections.defaultdict(list); pairs=set()
for e,(ends,segs) in enumerate(edges):
    for s in segs:
        (ax,ay),(bx,by)=s
        for gx in range(int(min(ax,bx)//G),int(max(ax,bx)//G)+1):
            for gy in range(int(min(ay,by)//G),int(max(ay,by)//G)+1):
                sg[(gx,gy)].append((e,s))
for cell,items in sg.items():
    for i in range(len(items)):
        for j in range(i):
            e1,s1=items[i]; e2,s2=items[j]
            if e1==e2 or (e1,e2) in pairs or (e2,e1) in pairs: continue
            if set(edges[e1][0])&set(edges[e2][0]): continue
            if inter(s1,s2): pairs.add((e1,e2))
print(f"{W:.0f}x{H:.0f} aspect {max(W,H)/min(W,H):.2f} edge-length {total/1000:.0f}k pt crossings {len(pairs)} overlaps {ov} nodes {len(nodes)} edges {len(edges)}")

export function init() {
function client(){var Jb='',Kb=0,Lb='gwt.codesvr=',Mb='gwt.hosted=',Nb='gwt.hybrid',Ob='client',Pb='#',Qb='?',Rb='/',Sb=1,Tb='img',Ub='clear.cache.gif',Vb='baseUrl',Wb='script',Xb='client.nocache.js',Yb='base',Zb='//',$b='meta',_b='name',ac='gwt:property',bc='content',cc='=',dc='gwt:onPropertyErrorFn',ec='Bad handler "',fc='" for "gwt:onPropertyErrorFn"',gc='gwt:onLoadErrorFn',hc='" for "gwt:onLoadErrorFn"',ic='user.agent',jc='webkit',kc='safari',lc='msie',mc=10,nc=11,oc='ie10',pc=9,qc='ie9',rc=8,sc='ie8',tc='gecko',uc='gecko1_8',vc=2,wc=3,xc=4,yc='Single-script hosted mode not yet implemented. See issue ',zc='http://code.google.com/p/google-web-toolkit/issues/detail?id=2079',Ac='ED200536D76729B0A9C248D3318C06B6',Bc=':1',Cc=':',Dc='DOMContentLoaded',Ec=50;var l=Jb,m=Kb,n=Lb,o=Mb,p=Nb,q=Ob,r=Pb,s=Qb,t=Rb,u=Sb,v=Tb,w=Ub,A=Vb,B=Wb,C=Xb,D=Yb,F=Zb,G=$b,H=_b,I=ac,J=bc,K=cc,L=dc,M=ec,N=fc,O=gc,P=hc,Q=ic,R=jc,S=kc,T=lc,U=mc,V=nc,W=oc,X=pc,Y=qc,Z=rc,$=sc,_=tc,ab=uc,bb=vc,cb=wc,db=xc,eb=yc,fb=zc,gb=Ac,hb=Bc,ib=Cc,jb=Dc,kb=Ec;var lb=window,mb=document,nb,ob,pb=l,qb={},rb=[],sb=[],tb=[],ub=m,vb,wb;if(!lb.__gwt_stylesLoaded){lb.__gwt_stylesLoaded={}}if(!lb.__gwt_scriptsLoaded){lb.__gwt_scriptsLoaded={}}function xb(){var b=false;try{var c=lb.location.search;return (c.indexOf(n)!=-1||(c.indexOf(o)!=-1||lb.external&&lb.external.gwtOnLoad))&&c.indexOf(p)==-1}catch(a){}xb=function(){return b};return b}
function yb(){if(nb&&ob){nb(vb,q,pb,ub)}}
function zb(){function e(a){var b=a.lastIndexOf(r);if(b==-1){b=a.length}var c=a.indexOf(s);if(c==-1){c=a.length}var d=a.lastIndexOf(t,Math.min(c,b));return d>=m?a.substring(m,d+u):l}
function f(a){if(a.match(/^\w+:\/\//)){}else{var b=mb.createElement(v);b.src=a+w;a=e(b.src)}return a}
function g(){var a=Cb(A);if(a!=null){return a}return l}
function h(){var a=mb.getElementsByTagName(B);for(var b=m;b<a.length;++b){if(a[b].src.indexOf(C)!=-1){return e(a[b].src)}}return l}
function i(){var a=mb.getElementsByTagName(D);if(a.length>m){return a[a.length-u].href}return l}
function j(){var a=mb.location;return a.href==a.protocol+F+a.host+a.pathname+a.search+a.hash}
var k=g();if(k==l){k=h()}if(k==l){k=i()}if(k==l&&j()){k=e(mb.location.href)}k=f(k);return k}
function Ab(){var b=document.getElementsByTagName(G);for(var c=m,d=b.length;c<d;++c){var e=b[c],f=e.getAttribute(H),g;if(f){if(f==I){g=e.getAttribute(J);if(g){var h,i=g.indexOf(K);if(i>=m){f=g.substring(m,i);h=g.substring(i+u)}else{f=g;h=l}qb[f]=h}}else if(f==L){g=e.getAttribute(J);if(g){try{wb=eval(g)}catch(a){alert(M+g+N)}}}else if(f==O){g=e.getAttribute(J);if(g){try{vb=eval(g)}catch(a){alert(M+g+P)}}}}}}
var Bb=function(a,b){return b in rb[a]};var Cb=function(a){var b=qb[a];return b==null?null:b};function Db(a,b){var c=tb;for(var d=m,e=a.length-u;d<e;++d){c=c[a[d]]||(c[a[d]]=[])}c[a[e]]=b}
function Eb(a){var b=sb[a](),c=rb[a];if(b in c){return b}var d=[];for(var e in c){d[c[e]]=e}if(wb){wb(a,d,b)}throw null}
sb[Q]=function(){var a=navigator.userAgent.toLowerCase();var b=mb.documentMode;if(function(){return a.indexOf(R)!=-1}())return S;if(function(){return a.indexOf(T)!=-1&&(b>=U&&b<V)}())return W;if(function(){return a.indexOf(T)!=-1&&(b>=X&&b<V)}())return Y;if(function(){return a.indexOf(T)!=-1&&(b>=Z&&b<V)}())return $;if(function(){return a.indexOf(_)!=-1||b>=V}())return ab;return S};rb[Q]={'gecko1_8':m,'ie10':u,'ie8':bb,'ie9':cb,'safari':db};client.onScriptLoad=function(a){client=null;nb=a;yb()};if(xb()){alert(eb+fb);return}zb();Ab();try{var Fb;Db([ab],gb);Db([S],gb+hb);Fb=tb[Eb(Q)];var Gb=Fb.indexOf(ib);if(Gb!=-1){ub=Number(Fb.substring(Gb+u))}}catch(a){return}var Hb;function Ib(){if(!ob){ob=true;yb();if(mb.removeEventListener){mb.removeEventListener(jb,Ib,false)}if(Hb){clearInterval(Hb)}}}
if(mb.addEventListener){mb.addEventListener(jb,function(){Ib()},false)}var Hb=setInterval(function(){if(/loaded|complete/.test(mb.readyState)){Ib()}},kb)}
client();(function () {var $gwt_version = "2.9.0";var $wnd = window;var $doc = $wnd.document;var $moduleName, $moduleBase;var $stats = $wnd.__gwtStatsEvent ? function(a) {$wnd.__gwtStatsEvent(a)} : null;var $strongName = 'ED200536D76729B0A9C248D3318C06B6';function I(){}
function bj(){}
function hj(){}
function Gj(){}
function Uj(){}
function Yj(){}
function Zi(){}
function nc(){}
function uc(){}
function Fk(){}
function Hk(){}
function Jk(){}
function Jm(){}
function Lm(){}
function Nm(){}
function el(){}
function jl(){}
function ol(){}
function ql(){}
function Al(){}
function kn(){}
function mn(){}
function no(){}
function Eo(){}
function Et(){}
function At(){}
function Ht(){}
function nq(){}
function tr(){}
function vr(){}
function xr(){}
function zr(){}
function Yr(){}
function as(){}
function au(){}
function Lu(){}
function Ev(){}
function Iv(){}
function Xv(){}
function ew(){}
function Nx(){}
function ny(){}
function py(){}
function iz(){}
function oz(){}
function tA(){}
function bB(){}
function iC(){}
function KC(){}
function _D(){}
function _G(){}
function MG(){}
function XG(){}
function ZG(){}
function FF(){}
function qH(){}
function _z(){Yz()}
function T(a){S=a;Jb()}
function kk(a){throw a}
function ku(a,b){a.b=b}
function wj(a,b){a.c=b}
function xj(a,b){a.d=b}
function yj(a,b){a.e=b}
function Aj(a,b){a.g=b}
function Bj(a,b){a.h=b}
function Cj(a,b){a.i=b}
function Dj(a,b){a.j=b}
function Ej(a,b){a.k=b}
function Fj(a,b){a.l=b}
function pH(a,b){a.a=b}
function pk(a){this.a=a}
function rk(a){this.a=a}
function Lk(a){this.a=a}
function bc(a){this.a=a}
function dc(a){this.a=a}
function Wj(a){this.a=a}
function cl(a){this.a=a}
function hl(a){this.a=a}
function ml(a){this.a=a}
function ul(a){this.a=a}
function wl(a){this.a=a}
function yl(a){this.a=a}
function Cl(a){this.a=a}
function El(a){this.a=a}
function hm(a){this.a=a}
function Pm(a){this.a=a}
function Tm(a){this.a=a}
function dn(a){this.a=a}
function pn(a){this.a=a}
function On(a){this.a=a}
function Rn(a){this.a=a}
function Sn(a){this.a=a}
function Yn(a){this.a=a}
function lo(a){this.a=a}
function qo(a){this.a=a}
function to(a){this.a=a}
function vo(a){this.a=a}
function xo(a){this.a=a}
function zo(a){this.a=a}
function Bo(a){this.a=a}
function Fo(a){this.a=a}
function Lo(a){this.a=a}
function dp(a){this.a=a}
function up(a){this.a=a}
function Yp(a){this.a=a}
function lq(a){this.a=a}
function pq(a){this.a=a}
function rq(a){this.a=a}
function $q(a){this.a=a}
function dq(a){this.b=a}
function ar(a){this.a=a}
function cr(a){this.a=a}
function lr(a){this.a=a}
function or(a){this.a=a}
function cs(a){this.a=a}
function js(a){this.a=a}
function ls(a){this.a=a}
function ns(a){this.a=a}
function Hs(a){this.a=a}
function Ms(a){this.a=a}
function Vs(a){this.a=a}
function bt(a){this.a=a}
function dt(a){this.a=a}
function ft(a){this.a=a}
function ht(a){this.a=a}
function jt(a){this.a=a}
function kt(a){this.a=a}
function ot(a){this.a=a}
function yt(a){this.a=a}
function Rt(a){this.a=a}
function $t(a){this.a=a}
function cu(a){this.a=a}
function ou(a){this.a=a}
function qu(a){this.a=a}
function Du(a){this.a=a}
function Ju(a){this.a=a}
function lu(a){this.c=a}
function cv(a){this.a=a}
function gv(a){this.a=a}
function Gv(a){this.a=a}
function kw(a){this.a=a}
function ow(a){this.a=a}
function sw(a){this.a=a}
function uw(a){this.a=a}
function ww(a){this.a=a}
function Bw(a){this.a=a}
function ty(a){this.a=a}
function vy(a){this.a=a}
function Iy(a){this.a=a}
function My(a){this.a=a}
function Qy(a){this.a=a}
function Sy(a){this.a=a}
function sy(a){this.b=a}
function sz(a){this.a=a}
function mz(a){this.a=a}
function qz(a){this.a=a}
function wz(a){this.a=a}
function Ez(a){this.a=a}
function Gz(a){this.a=a}
function Iz(a){this.a=a}
function Kz(a){this.a=a}
function Mz(a){this.a=a}
function Tz(a){this.a=a}
function Vz(a){this.a=a}
function kA(a){this.a=a}
function nA(a){this.a=a}
function vA(a){this.a=a}
function _A(a){this.a=a}
function xA(a){this.e=a}
function dB(a){this.a=a}
function fB(a){this.a=a}
function BB(a){this.a=a}
function RB(a){this.a=a}
function TB(a){this.a=a}
function VB(a){this.a=a}
function eC(a){this.a=a}
function gC(a){this.a=a}
function wC(a){this.a=a}
function QC(a){this.a=a}
function XD(a){this.a=a}
function ZD(a){this.a=a}
function aE(a){this.a=a}
function RE(a){this.a=a}
function tH(a){this.a=a}
function PF(a){this.b=a}
function bG(a){this.c=a}
function R(){this.a=xb()}
function sj(){this.a=++rj}
function cj(){lp();pp()}
function lp(){lp=Zi;kp=[]}
function Qi(a){return a.e}
function _u(a,b){b.jb(a)}
function qx(a,b){Jx(b,a)}
function vx(a,b){Ix(b,a)}
function Ax(a,b){mx(b,a)}
function LA(a,b){xv(b,a)}
function nt(a,b){qs(b.a,a)}
function ut(a,b){FC(a.a,b)}
function tC(a){UA(a.a,a.b)}
function Yb(a){return a.C()}
function Im(a){return nm(a)}
function KD(b,a){b.warn(a)}
function JD(b,a){b.log(a)}
function HD(b,a){b.debug(a)}
function ID(b,a){b.error(a)}
function DD(b,a){b.data=a}
function Dp(a,b){a.push(b)}
function Z(a,b){a.e=b;W(a,b)}
function zj(a,b){a.f=b;gk=!b}
function Dr(a){a.i||Er(a.a)}
function hc(a){gc();fc.F(a)}
function $k(a){Rk();this.a=a}
function mk(a){S=a;!!a&&Jb()}
function Yz(){Yz=Zi;Xz=iA()}
function pb(){pb=Zi;ob=new I}
function kb(){ab.call(this)}
function gE(){ab.call(this)}
function eE(){kb.call(this)}
function YE(){kb.call(this)}
function iG(){kb.call(this)}
function $l(a,b,c){Vl(a,c,b)}
function VA(a,b,c){a.Rb(c,b)}
function Gm(a,b,c){a.set(b,c)}
function _l(a,b){a.a.add(b.d)}
function dy(a,b){b.forEach(a)}
function xD(b,a){b.display=a}
function pG(a){mG();this.a=a}
function YA(a){XA.call(this,a)}
function yB(a){XA.call(this,a)}
function OB(a){XA.call(this,a)}
function cE(a){lb.call(this,a)}
function dE(a){cE.call(this,a)}
function PE(a){lb.call(this,a)}
function QE(a){lb.call(this,a)}
function ZE(a){nb.call(this,a)}
function $E(a){lb.call(this,a)}
function aF(a){PE.call(this,a)}
function yF(){aE.call(this,'')}
function zF(){aE.call(this,'')}
function BF(a){cE.call(this,a)}
function HF(a){lb.call(this,a)}
function lE(a){return CH(a),a}
function ME(a){return CH(a),a}
function Q(a){return xb()-a.a}
function Wc(a,b){return $c(a,b)}
function VD(b,a){return a in b}
function xc(a,b){return yE(a,b)}
function Bn(a,b){a.d?Dn(b):_k()}
function kH(a,b,c){b.hb(EF(c))}
function Ou(a,b){a.c.forEach(b)}
function Oz(a){Cx(a.b,a.a,a.c)}
function qE(a){pE(a);return a.i}
function Xq(a,b){return a.a>b.a}
function EF(a){return Ic(a,5).e}
function UD(a){return Object(a)}
function Vt(){Vt=Zi;Ut=new au}
function Qb(){Qb=Zi;Pb=new Eo}
function CA(){CA=Zi;BA=new bB}
function DF(){DF=Zi;CF=new _D}
function Db(){Db=Zi;!!(gc(),fc)}
function Ti(){Ri==null&&(Ri=[])}
function FG(a,b,c){b.hb(a.a[c])}
function Zx(a,b,c){cC(Px(a,c,b))}
function tx(a,b){oC(new Oy(b,a))}
function ux(a,b){oC(new Uy(b,a))}
function Bm(a,b){oC(new bn(b,a))}
function Yk(a,b){++Qk;b.db(a,Nk)}
function aC(a,b){a.e||a.c.add(b)}
function eH(a,b){aH(a);a.a.ic(b)}
function WG(a,b){Ic(a,104).ac(b)}
function uG(a,b){while(a.jc(b));}
function ay(a,b){return Hl(a.b,b)}
function cy(a,b){return Gl(a.b,b)}
function Hy(a,b){return _x(a.a,b)}
function DA(a,b){return RA(a.a,b)}
function DB(a,b){return RA(a.a,b)}
function pB(a,b){return RA(a.a,b)}
function yx(a,b){return $w(b.a,a)}
function dj(b,a){return b.exec(a)}
function Ub(a){return !!a.b||!!a.g}
function GA(a){WA(a.a);return a.h}
function KA(a){WA(a.a);return a.c}
function Nw(b,a){Gw();delete b[a]}
function Sl(a,b){return Nc(a.b[b])}
function sl(a,b){this.a=a;this.b=b}
function Ol(a,b){this.a=a;this.b=b}
function Ql(a,b){this.a=a;this.b=b}
function dm(a,b){this.a=a;this.b=b}
function fm(a,b){this.a=a;this.b=b}
function Vm(a,b){this.a=a;this.b=b}
function Xm(a,b){this.a=a;this.b=b}
function Zm(a,b){this.a=a;this.b=b}
function _m(a,b){this.a=a;this.b=b}
function bn(a,b){this.a=a;this.b=b}
function Vn(a,b){this.a=a;this.b=b}
function $n(a,b){this.b=a;this.a=b}
function $j(a,b){this.b=a;this.a=b}
function Rm(a,b){this.b=a;this.a=b}
function ao(a,b){this.b=a;this.a=b}
function Po(a,b){this.b=a;this.c=b}
function Br(a,b){this.b=a;this.a=b}
function fs(a,b){this.a=a;this.b=b}
function hs(a,b){this.a=a;this.b=b}
function Is(a,b){this.a=a;this.b=b}
function Fu(a,b){this.a=a;this.b=b}
function Hu(a,b){this.a=a;this.b=b}
function av(a,b){this.a=a;this.b=b}
function ev(a,b){this.a=a;this.b=b}
function iv(a,b){this.a=a;this.b=b}
function mw(a,b){this.a=a;this.b=b}
function ru(a,b){this.b=a;this.a=b}
function xy(a,b){this.b=a;this.a=b}
function zy(a,b){this.b=a;this.a=b}
function Fy(a,b){this.b=a;this.a=b}
function Oy(a,b){this.b=a;this.a=b}
function Uy(a,b){this.b=a;this.a=b}
function az(a,b){this.a=a;this.b=b}
function ez(a,b){this.a=a;this.b=b}
function gz(a,b){this.a=a;this.b=b}
function yz(a,b){this.b=a;this.a=b}
function Az(a,b){this.a=a;this.b=b}
function Rz(a,b){this.a=a;this.b=b}
function dA(a,b){this.a=a;this.b=b}
function fA(a,b){this.b=a;this.a=b}
function Zo(a,b){Po.call(this,a,b)}
function jq(a,b){Po.call(this,a,b)}
function IE(){lb.call(this,null)}
function Ob(){yb!=0&&(yb=0);Cb=-1}
function vu(){this.a=new $wnd.Map}
function JC(){this.c=new $wnd.Map}
function uC(a,b){this.a=a;this.b=b}
function xC(a,b){this.a=a;this.b=b}
function hB(a,b){this.a=a;this.b=b}
function XB(a,b){this.a=a;this.b=b}
function VG(a,b){this.a=a;this.b=b}
function nH(a,b){this.a=a;this.b=b}
function uH(a,b){this.b=a;this.a=b}
function oB(a,b){this.d=a;this.e=b}
function oD(a,b){Po.call(this,a,b)}
function gD(a,b){Po.call(this,a,b)}
function TG(a,b){Po.call(this,a,b)}
function Fq(a,b){xq(a,(Wq(),Uq),b)}
function Lt(a,b,c,d){Kt(a,b.d,c,d)}
function sx(a,b,c){Gx(a,b);hx(c.e)}
function wH(a,b,c){a.splice(b,0,c)}
function cp(a,b){return ap(b,bp(a))}
function Yc(a){return typeof a===TH}
function NE(a){return ad((CH(a),a))}
function pF(a,b){return a.substr(b)}
function $z(a,b){dC(b);Xz.delete(a)}
function MD(b,a){b.clearTimeout(a)}
function Nb(a){$wnd.clearTimeout(a)}
function jj(a){$wnd.clearTimeout(a)}
function LD(b,a){b.clearInterval(a)}
function hA(a){a.length=0;return a}
function vF(a,b){a.a+=''+b;return a}
function wF(a,b){a.a+=''+b;return a}
function xF(a,b){a.a+=''+b;return a}
function bd(a){FH(a==null);return a}
function iH(a,b,c){WG(b,c);return b}
function Mq(a,b){xq(a,(Wq(),Vq),b.a)}
function Zl(a,b){return a.a.has(b.d)}
function H(a,b){return _c(a)===_c(b)}
function iF(a,b){return a.indexOf(b)}
function SD(a){return a&&a.valueOf()}
function TD(a){return a&&a.valueOf()}
function kG(a){return a!=null?O(a):0}
function _c(a){return a==null?null:a}
function mG(){mG=Zi;lG=new pG(null)}
function Zv(){Zv=Zi;Yv=new $wnd.Map}
function Gw(){Gw=Zi;Fw=new $wnd.Map}
function kE(){kE=Zi;iE=false;jE=true}
function U(a){a.h=zc(ii,WH,30,0,0,1)}
function jH(a,b,c){pH(a,sH(b,a.a,c))}
function Bq(a){!!a.b&&Kq(a,(Wq(),Tq))}
function Pq(a){!!a.b&&Kq(a,(Wq(),Vq))}
function ok(a){gk&&KD($wnd.console,a)}
function hk(a){gk&&HD($wnd.console,a)}
function jk(a){gk&&ID($wnd.console,a)}
function nk(a){gk&&JD($wnd.console,a)}
function co(a){gk&&ID($wnd.console,a)}
function ij(a){$wnd.clearInterval(a)}
function jr(a){this.a=a;hj.call(this)}
function $r(a){this.a=a;hj.call(this)}
function Ts(a){this.a=a;hj.call(this)}
function xt(a){this.a=new JC;this.c=a}
function ab(){U(this);V(this);this.A()}
function MH(){MH=Zi;JH=new I;LH=new I}
function iA(){return new $wnd.WeakMap}
function UA(a,b){return a.a.delete(b)}
function Tu(a,b){return a.h.delete(b)}
function Vu(a,b){return a.b.delete(b)}
function by(a,b){return tm(a.b.root,b)}
function $x(a,b,c){return Px(a,c.a,b)}
function sH(a,b,c){return iH(a.a,b,c)}
function Gr(a){return UI in a?a[UI]:-1}
function uF(a){return a==null?ZH:aj(a)}
function AF(a){aE.call(this,(CH(a),a))}
function Vk(a){Do((Qb(),Pb),new yl(a))}
function tp(a){Do((Qb(),Pb),new up(a))}
function Ip(a){Do((Qb(),Pb),new Yp(a))}
function Or(a){Do((Qb(),Pb),new ns(a))}
function fy(a){Do((Qb(),Pb),new Mz(a))}
function zH(a){if(!a){throw Qi(new eE)}}
function FH(a){if(!a){throw Qi(new IE)}}
function AH(a){if(!a){throw Qi(new iG)}}
function us(a){if(a.f){ej(a.f);a.f=null}}
function rB(a,b){WA(a.a);a.c.forEach(b)}
function EB(a,b){WA(a.a);a.b.forEach(b)}
function xx(a,b){var c;c=$w(b,a);cC(c)}
function Os(a,b){b.a.b==(Yo(),Xo)&&Qs(a)}
function Sc(a,b){return a!=null&&Hc(a,b)}
function oG(a,b){return a.a!=null?a.a:b}
function AD(a,b){return a.appendChild(b)}
function BD(b,a){return b.appendChild(a)}
function kF(a,b){return a.lastIndexOf(b)}
function jF(a,b,c){return a.indexOf(b,c)}
function zD(a,b,c,d){return rD(a,b,c,d)}
function IH(a){return a.$H||(a.$H=++HH)}
function hn(a){return ''+jn(fn.mb()-a,3)}
function tb(a){return a==null?null:a.name}
function Uc(a){return typeof a==='number'}
function Xc(a){return typeof a==='string'}
function qF(a,b,c){return a.substr(b,c-b)}
function al(a,b,c){Rk();return a.set(c,b)}
function yD(d,a,b,c){d.setProperty(a,b,c)}
function XF(){this.a=zc(gi,WH,1,0,5,1)}
function Qs(a){if(a.a){ej(a.a);a.a=null}}
function bC(a){if(a.d||a.e){return}_B(a)}
function pE(a){if(a.i!=null){return}CE(a)}
function Jc(a){FH(a==null||Tc(a));return a}
function Kc(a){FH(a==null||Uc(a));return a}
function Lc(a){FH(a==null||Yc(a));return a}
function Pc(a){FH(a==null||Xc(a));return a}
function bl(a){Rk();Qk==0?a.D():Pk.push(a)}
function kc(a){gc();return parseInt(a)||-1}
function ED(b,a){return b.createElement(a)}
function Oo(a){return a.b!=null?a.b:''+a.c}
function Tc(a){return typeof a==='boolean'}
function mE(a,b){return CH(a),_c(a)===_c(b)}
function er(a,b){b.a.b==(Yo(),Xo)&&hr(a,-1)}
function jB(a,b){xA.call(this,a);this.a=b}
function hH(a,b){cH.call(this,a);this.a=b}
function XA(a){this.a=new $wnd.Set;this.b=a}
function Ul(){this.a=new $wnd.Map;this.b=[]}
function sb(a){return a==null?null:a.message}
function $c(a,b){return a&&b&&a instanceof b}
function gF(a,b){return CH(a),_c(a)===_c(b)}
function nj(a,b){return $wnd.setTimeout(a,b)}
function Eb(a,b,c){return a.apply(b,c);var d}
function lF(a,b,c){return a.lastIndexOf(b,c)}
function mj(a,b){return $wnd.setInterval(a,b)}
function WA(a){var b;b=kC;!!b&&ZB(b,a.b)}
function gw(a){a.c?LD($wnd,a.d):MD($wnd,a.d)}
function Xb(a,b){a.b=Zb(a.b,[b,false]);Vb(a)}
function fo(a,b){go(a,b,Ic(tk(a.a,td),7).j)}
function Nr(a,b){wu(Ic(tk(a.i,Zf),84),b[WI])}
function rr(a,b,c){a.hb(VE(HA(Ic(c.e,16),b)))}
function at(a,b,c){a.set(c,(WA(b.a),Pc(b.h)))}
function Yq(a,b,c){Po.call(this,a,b);this.a=c}
function By(a,b,c){this.c=a;this.b=b;this.a=c}
function Dy(a,b,c){this.b=a;this.c=b;this.a=c}
function Dw(a,b,c){this.b=a;this.a=b;this.c=c}
function aw(a,b,c){this.c=a;this.d=b;this.j=c}
function $p(a,b,c){this.a=a;this.c=b;this.b=c}
function $y(a,b,c){this.a=a;this.b=b;this.c=c}
function Ky(a,b,c){this.a=a;this.b=b;this.c=c}
function Wy(a,b,c){this.a=a;this.b=b;this.c=c}
function Yy(a,b,c){this.a=a;this.b=b;this.c=c}
function kz(a,b,c){this.c=a;this.b=b;this.a=c}
function Cz(a,b,c){this.b=a;this.c=b;this.a=c}
function uz(a,b,c){this.b=a;this.a=b;this.c=c}
function Pz(a,b,c){this.b=a;this.a=b;this.c=c}
function Jo(){this.b=(Yo(),Vo);this.a=new JC}
function Rk(){Rk=Zi;Pk=[];Nk=new el;Ok=new jl}
function XE(){XE=Zi;WE=zc(bi,WH,26,256,0,1)}
function oC(a){lC==null&&(lC=[]);lC.push(a)}
function pC(a){nC==null&&(nC=[]);nC.push(a)}
function PD(a){if(a==null){return 0}return +a}
function Ic(a,b){FH(a==null||Hc(a,b));return a}
function Oc(a,b){FH(a==null||$c(a,b));return a}
function wE(a,b){var c;c=tE(a,b);c.e=2;return c}
function SF(a,b){a.a[a.a.length]=b;return true}
function Nu(a,b){a.h.add(b);return new ev(a,b)}
function Mu(a,b){a.b.add(b);return new iv(a,b)}
function Es(a,b){$wnd.navigator.sendBeacon(a,b)}
function CD(c,a,b){return c.insertBefore(a,b)}
function wD(b,a){return b.getPropertyValue(a)}
function cm(a,b,c){return a.set(c,(WA(b.a),b.h))}
function kj(a,b){return QH(function(){a.I(b)})}
function yw(a,b){return zw(new Bw(a),b,19,true)}
function op(a){return $wnd.Vaadin.Flow.getApp(a)}
function dC(a){a.e=true;_B(a);a.c.clear();$B(a)}
function NA(a,b){a.d=true;EA(a,b);pC(new dB(a))}
function TF(a,b){BH(b,a.a.length);return a.a[b]}
function xk(a,b,c){wk(a,b,c.cb());a.b.set(b,c)}
function EC(a,b,c,d){var e;e=GC(a,b,c);e.push(d)}
function CC(a,b){a.a==null&&(a.a=[]);a.a.push(b)}
function Rq(a,b){this.a=a;this.b=b;hj.call(this)}
function Fs(a,b){this.a=a;this.b=b;hj.call(this)}
function iu(a,b){this.a=a;this.b=b;hj.call(this)}
function lb(a){U(this);this.g=a;V(this);this.A()}
function Zt(a){Vt();this.c=[];this.a=Ut;this.d=a}
function oj(a){a.onreadystatechange=function(){}}
function Zk(a){++Qk;Bn(Ic(tk(a.a,te),60),new ql)}
function Ks(a,b){var c;c=ad(ME(Kc(b.a)));Ps(a,c)}
function uD(a,b,c,d){a.removeEventListener(b,c,d)}
function uk(a,b,c){a.a.delete(c);a.a.set(c,b.cb())}
function mv(a,b){var c;c=b;return Ic(a.a.get(c),6)}
function gG(a){return new hH(null,fG(a,a.length))}
function Vc(a){return a!=null&&Zc(a)&&!(a.mc===bj)}
function Bc(a){return Array.isArray(a)&&a.mc===bj}
function Rc(a){return !Array.isArray(a)&&a.mc===bj}
function Zc(a){return typeof a===RH||typeof a===TH}
function vD(b,a){return b.getPropertyPriority(a)}
function fG(a,b){return vG(b,a.length),new GG(a,b)}
function Dm(a,b,c){return a.push(DA(c,new _m(c,b)))}
function sG(a){mG();return a==null?lG:new pG(CH(a))}
function hx(a){var b;b=a.a;Wu(a,null);Wu(a,b);Wv(a)}
function uE(a,b,c){var d;d=tE(a,b);GE(c,d);return d}
function tE(a,b){var c;c=new rE;c.f=a;c.d=b;return c}
function Zb(a,b){!a&&(a=[]);a[a.length]=b;return a}
function CH(a){if(a==null){throw Qi(new YE)}return a}
function Mc(a){FH(a==null||Array.isArray(a));return a}
function Cc(a,b,c){zH(c==null||wc(a,c));return a[b]=c}
function lB(a,b,c){xA.call(this,a);this.b=b;this.a=c}
function bm(a){this.a=new $wnd.Set;this.b=[];this.c=a}
function zG(a,b){this.d=a;this.c=(b&64)!=0?b|16384:b}
function AG(a,b){CH(b);while(a.c<a.d){FG(a,b,a.c++)}}
function fH(a,b){bH(a);return new hH(a,new lH(b,a.a))}
function qr(a,b,c,d){var e;e=FB(a,b);DA(e,new Br(c,d))}
function ZB(a,b){var c;if(!a.e){c=b.Qb(a);a.b.push(c)}}
function aH(a){if(!a.b){bH(a);a.c=true}else{aH(a.b)}}
function Jb(){Db();if(zb){return}zb=true;Kb(false)}
function PH(){if(KH==256){JH=LH;LH=new I;KH=0}++KH}
function ik(a){$wnd.setTimeout(function(){a.J()},0)}
function Lb(a){$wnd.setTimeout(function(){throw a},0)}
function fF(a,b){EH(b,a.length);return a.charCodeAt(b)}
function jn(a,b){return +(Math.round(a+'e+'+b)+'e-'+b)}
function Ho(a,b){return DC(a.a,(!Ko&&(Ko=new sj),Ko),b)}
function rt(a,b){return DC(a.a,(!mt&&(mt=new sj),mt),b)}
function st(a,b){return DC(a.a,(!Dt&&(Dt=new sj),Dt),b)}
function jG(a,b){return _c(a)===_c(b)||a!=null&&K(a,b)}
function iy(a){return mE((kE(),iE),GA(FB(Ru(a,0),gJ)))}
function vk(a){a.b.forEach($i(pn.prototype.db,pn,[a]))}
function Rs(a){this.b=a;Ho(Ic(tk(a,Ge),13),new Vs(this))}
function Ot(a,b){var c;c=Ic(tk(a.a,Of),36);Wt(c,b);Yt(c)}
function rC(a,b){var c;c=kC;kC=a;try{b.D()}finally{kC=c}}
function fx(a){var b;b=new $wnd.Map;a.push(b);return b}
function Nc(a){FH(a==null||Zc(a)&&!(a.mc===bj));return a}
function V(a){if(a.j){a.e!==XH&&a.A();a.h=null}return a}
function cH(a){if(!a){this.b=null;new XF}else{this.b=a}}
function FD(a,b,c,d){this.b=a;this.c=b;this.a=c;this.d=d}
function ds(a,b,c,d){this.a=a;this.d=b;this.b=c;this.c=d}
function LC(a,b,c){this.a=a;this.d=b;this.c=null;this.b=c}
function GG(a,b){this.c=0;this.d=b;this.b=17488;this.a=a}
function Ps(a,b){Qs(a);if(b>=0){a.a=new Ts(a);gj(a.a,b)}}
function wq(a,b){ho(Ic(tk(a.c,Be),22),'',b,'',null,null)}
function go(a,b,c){ho(a,c.caption,c.message,b,c.url,null)}
function uv(a,b,c,d){pv(a,b)&&Lt(Ic(tk(a.c,Kf),33),b,c,d)}
function Hm(a,b,c,d,e){a.splice.apply(a,[b,c,d].concat(e))}
function In(a,b,c){this.b=a;this.d=b;this.c=c;this.a=new R}
function um(a){var b;b=a.f;while(!!b&&!b.a){b=b.f}return b}
function $(a,b){var c;c=qE(a.kc);return b==null?c:c+': '+b}
function qw(a,b){mA(b).forEach($i(uw.prototype.hb,uw,[a]))}
function Uu(a,b){_c(b.W(a))===_c((kE(),jE))&&a.b.delete(b)}
function tD(a,b){Rc(a)?a.V(b):(a.handleEvent(b),undefined)}
function sr(a){ek('applyDefaultTheme',(kE(),a?true:false))}
function jo(a){eH(gG(Ic(tk(a.a,td),7).c),new no);a.b=false}
function $o(){Yo();return Dc(xc(Fe,1),WH,63,0,[Vo,Wo,Xo])}
function Zq(){Wq();return Dc(xc(Te,1),WH,65,0,[Tq,Uq,Vq])}
function pD(){nD();return Dc(xc(Gh,1),WH,44,0,[lD,kD,mD])}
function UG(){SG();return Dc(xc(Ci,1),WH,49,0,[PG,QG,RG])}
function OD(c,a,b){return c.setTimeout(QH(a.Vb).bind(a),b)}
function ND(c,a,b){return c.setInterval(QH(a.Vb).bind(a),b)}
function Qc(a){return a.kc||Array.isArray(a)&&xc(ed,1)||ed}
function sA(a){if(!qA){return a}return $wnd.Polymer.dom(a)}
function dH(a,b){var c;return gH(a,new XF,(c=new tH(b),c))}
function DH(a,b){if(a<0||a>b){throw Qi(new cE(UJ+a+VJ+b))}}
function BH(a,b){if(a<0||a>=b){throw Qi(new cE(UJ+a+VJ+b))}}
function EH(a,b){if(a<0||a>=b){throw Qi(new BF(UJ+a+VJ+b))}}
function nw(a,b){mA(b).forEach($i(sw.prototype.hb,sw,[a.a]))}
function Kn(a,b,c){this.a=a;this.c=b;this.b=c;hj.call(this)}
function Mn(a,b,c){this.a=a;this.c=b;this.b=c;hj.call(this)}
function fE(a,b){U(this);this.f=b;this.g=a;V(this);this.A()}
function km(a,b){a.updateComplete.then(QH(function(){b.J()}))}
function Bx(a,b,c){return a.set(c,FA(FB(Ru(b.e,1),c),b.b[c]))}
function pA(a,b,c,d){return a.splice.apply(a,[b,c].concat(d))}
function kq(){iq();return Dc(xc(Me,1),WH,53,0,[fq,eq,hq,gq])}
function hD(){fD();return Dc(xc(Fh,1),WH,45,0,[eD,cD,dD,bD])}
function AE(a){if(a._b()){return null}var b=a.h;return Wi[b]}
function Xt(a){a.a=Ut;if(!a.b){return}xs(Ic(tk(a.d,tf),15))}
function EA(a,b){if(!a.b&&a.c&&jG(b,a.h)){return}OA(a,b,true)}
function yE(a,b){var c=a.a=a.a||[];return c[b]||(c[b]=a.Wb(b))}
function Np(a){$wnd.vaadinPush.atmosphere.unsubscribeUrl(a)}
function gp(a){a?($wnd.location=a):$wnd.location.reload(false)}
function sC(a){this.a=a;this.b=[];this.c=new $wnd.Set;_B(this)}
function rb(a){pb();nb.call(this,a);this.a='';this.b=a;this.a=''}
function aG(a){AH(a.a<a.c.a.length);a.b=a.a++;return a.c.a[a.b]}
function Er(a){a&&a.afterServerUpdate&&a.afterServerUpdate()}
function MA(a){if(a.c){a.d=true;OA(a,null,false);pC(new fB(a))}}
function vs(a){if(ts(a)){a.b.a=zc(gi,WH,1,0,5,1);us(a);xs(a)}}
function gc(){gc=Zi;var a,b;b=!mc();a=new uc;fc=b?new nc:a}
function vE(a,b,c,d){var e;e=tE(a,b);GE(c,e);e.e=d?8:0;return e}
function wm(a,b,c){var d;d=[];c!=null&&d.push(c);return om(a,b,d)}
function OA(a,b,c){var d;d=a.h;a.c=c;a.h=b;TA(a.a,new lB(a,d,b))}
function bq(a,b,c){return qF(a.b,b,$wnd.Math.min(a.b.length,c))}
function NC(a,b,c,d){return PC(new $wnd.XMLHttpRequest,a,b,c,d)}
function Uk(a,b,c,d){Sk(a,d,c).forEach($i(ul.prototype.db,ul,[b]))}
function IB(a,b,c){WA(b.a);b.c&&(a[c]=nB((WA(b.a),b.h)),undefined)}
function Do(a,b){++a.a;a.b=Zb(a.b,[b,false]);Vb(a);Xb(a,new Fo(a))}
function uB(a,b){oB.call(this,a,b);this.c=[];this.a=new yB(this)}
function cz(a,b,c,d,e){this.b=a;this.e=b;this.c=c;this.d=d;this.a=e}
function wu(a,b){var c,d;for(c=0;c<b.length;c++){d=b[c];yu(a,d)}}
function Nl(a,b){var c;if(b.length!=0){c=new uA(b);a.e.set(Yg,c)}}
function $B(a){while(a.b.length!=0){Ic(a.b.splice(0,1)[0],46).Gb()}}
function hE(a){fE.call(this,a==null?ZH:aj(a),Sc(a,5)?Ic(a,5):null)}
function _i(a){function b(){}
;b.prototype=a||{};return new b}
function GB(a){var b;b=[];EB(a,$i(TB.prototype.db,TB,[b]));return b}
function Ow(a){Gw();var b;b=a[nJ];if(!b){b={};Lw(b);a[nJ]=b}return b}
function cb(b){if(!('stack' in b)){try{throw b}catch(a){}}return b}
function nG(a,b){CH(b);if(a.a!=null){return sG(Hy(b,a.a))}return lG}
function OG(a,b,c,d){CH(a);CH(b);CH(c);CH(d);return new VG(b,new MG)}
function Tl(a,b){var c;c=Nc(a.b[b]);if(c){a.b[b]=null;a.a.delete(c)}}
function pj(c,a){var b=c;c.onreadystatechange=QH(function(){a.K(b)})}
function Dn(a){$wnd.HTMLImports.whenReady(QH(function(){a.J()}))}
function cC(a){if(a.d&&!a.e){try{rC(a,new gC(a))}finally{a.d=false}}}
function UC(a,b){if(a.length>2){YC(a[0],'OS major',b);YC(a[1],HJ,b)}}
function Yl(a,b){if(Zl(a,b.e.e)){a.b.push(b);return true}return false}
function ov(a,b){var c;c=qv(b);if(!c||!b.f){return c}return ov(a,b.f)}
function mo(a,b){var c;c=b.keyCode;if(c==27){b.preventDefault();gp(a)}}
function fp(a){var b;b=$doc.createElement('a');b.href=a;return b.href}
function nB(a){var b;if(Sc(a,6)){b=Ic(a,6);return Pu(b)}else{return a}}
function nF(a,b,c){var d;c=tF(c);d=new RegExp(b);return a.replace(d,c)}
function sp(a){var b=QH(tp);$wnd.Vaadin.Flow.registerWidgetset(a,b)}
function Pp(){return $wnd.vaadinPush&&$wnd.vaadinPush.atmosphere}
function Em(a){return $wnd.customElements&&a.localName.indexOf('-')>-1}
function ad(a){return Math.max(Math.min(a,2147483647),-2147483648)|0}
function ej(a){if(!a.f){return}++a.d;a.e?ij(a.f.a):jj(a.f.a);a.f=null}
function JG(a,b){!a.a?(a.a=new AF(a.d)):xF(a.a,a.b);vF(a.a,b);return a}
function sB(a,b){var c;c=a.c.splice(0,b);TA(a.a,new zA(a,0,c,[],false))}
function Cm(a,b,c){var d;d=c.a;a.push(DA(d,new Xm(d,b)));oC(new Rm(d,b))}
function NB(a,b,c,d){var e;WA(c.a);if(c.c){e=Im((WA(c.a),c.h));b[d]=e}}
function Cu(a){Ic(tk(a.a,Ge),13).b==(Yo(),Xo)||Io(Ic(tk(a.a,Ge),13),Xo)}
function zq(a,b){jk('Heartbeat exception: '+b.w());xq(a,(Wq(),Tq),null)}
function SA(a,b){if(!b){debugger;throw Qi(new gE)}return RA(a,a.Sb(b))}
function su(a,b){if(b==null){debugger;throw Qi(new gE)}return a.a.get(b)}
function tu(a,b){if(b==null){debugger;throw Qi(new gE)}return a.a.has(b)}
function mF(a,b){b=tF(b);return a.replace(new RegExp('[^0-9].*','g'),b)}
function xb(){if(Date.now){return Date.now()}return (new Date).getTime()}
function Gb(b){Db();return function(){return Hb(b,this,arguments);var a}}
function mA(a){var b;b=[];a.forEach($i(nA.prototype.db,nA,[b]));return b}
function VF(a){var b;b=(BH(0,a.a.length),a.a[0]);a.a.splice(0,1);return b}
function BG(a,b){CH(b);if(a.c<a.d){FG(a,b,a.c++);return true}return false}
function HB(a,b){if(!a.b.has(b)){return false}return KA(Ic(a.b.get(b),16))}
function rx(a,b){var c;c=b.f;my(Ic(tk(b.e.e.g.c,td),7),a,c,(WA(b.a),b.h))}
function Ls(a,b){var c,d;c=Ru(a,8);d=FB(c,'pollInterval');DA(d,new Ms(b))}
function JB(a,b){oB.call(this,a,b);this.b=new $wnd.Map;this.a=new OB(this)}
function lH(a,b){zG.call(this,b.hc(),b.gc()&-6);CH(a);this.a=a;this.b=b}
function mb(a){U(this);this.g=!a?null:$(a,a.w());this.f=a;V(this);this.A()}
function nb(a){U(this);V(this);this.e=a;W(this,a);this.g=a==null?ZH:aj(a)}
function KG(){this.b=', ';this.d='[';this.e=']';this.c=this.d+(''+this.e)}
function Tr(a){this.j=new $wnd.Set;this.g=[];this.c=new $r(this);this.i=a}
function Ds(a){this.b=new XF;this.e=a;rt(Ic(tk(this.e,Gf),12),new Hs(this))}
function $s(a){this.a=a;DA(FB(Ru(Ic(tk(this.a,cg),9).e,5),GI),new bt(this))}
function jD(){jD=Zi;iD=Qo((fD(),Dc(xc(Fh,1),WH,45,0,[eD,cD,dD,bD])))}
function zc(a,b,c,d,e,f){var g;g=Ac(e,d);e!=10&&Dc(xc(a,f),b,c,e,g);return g}
function gH(a,b,c){var d;aH(a);d=new qH;d.a=b;a.a.ic(new uH(d,c));return d.a}
function on(a,b,c){a.addReadyCallback&&a.addReadyCallback(b,QH(c.J.bind(c)))}
function ip(a,b,c){c==null?sA(a).removeAttribute(b):sA(a).setAttribute(b,c)}
function ym(a,b){$wnd.customElements.whenDefined(a).then(function(){b.J()})}
function qp(a){lp();!$wnd.WebComponents||$wnd.WebComponents.ready?np(a):mp(a)}
function xH(a,b){return yc(b)!=10&&Dc(M(b),b.lc,b.__elementTypeId$,yc(b),a),a}
function _x(a,b){return kE(),_c(a)===_c(b)||a!=null&&K(a,b)||a==b?false:true}
function M(a){return Xc(a)?li:Uc(a)?Wh:Tc(a)?Th:Rc(a)?a.kc:Bc(a)?a.kc:Qc(a)}
function _s(a){var b;if(a==null){return false}b=Pc(a);return !gF('DISABLED',b)}
function Ex(a){var b;b=sA(a);while(b.firstChild){b.removeChild(b.firstChild)}}
function uA(a){this.a=new $wnd.Set;a.forEach($i(vA.prototype.hb,vA,[this.a]))}
function tB(a,b,c,d){var e,f;e=d;f=pA(a.c,b,c,e);TA(a.a,new zA(a,b,f,d,false))}
function Su(a,b,c,d){var e;e=c.Ub();!!e&&(b[lv(a.g,ad((CH(d),d)))]=e,undefined)}
function Kv(a,b){var c,d,e;e=ad(TD(a[oJ]));d=Ru(b,e);c=a['key'];return FB(d,c)}
function Uo(a,b){var c;CH(b);c=a[':'+b];yH(!!c,Dc(xc(gi,1),WH,1,5,[b]));return c}
function Mr(a){var b;b=a['meta'];if(!b||!('async' in b)){return true}return false}
function UF(a,b,c){for(;c<a.a.length;++c){if(jG(b,a.a[c])){return c}}return -1}
function _o(a,b,c){gF(c.substr(0,a.length),a)&&(c=b+(''+pF(c,a.length)));return c}
function jA(a){var b;b=new $wnd.Set;a.forEach($i(kA.prototype.hb,kA,[b]));return b}
function hy(a){var b;b=Ic(a.e.get(lg),76);!!b&&(!!b.a&&Oz(b.a),b.b.e.delete(lg))}
function Rb(a){var b,c;if(a.c){c=null;do{b=a.c;a.c=null;c=$b(b,c)}while(a.c);a.c=c}}
function Sb(a){var b,c;if(a.d){c=null;do{b=a.d;a.d=null;c=$b(b,c)}while(a.d);a.d=c}}
function zx(a,b,c){var d,e;e=(WA(a.a),a.c);d=b.d.has(c);e!=d&&(e?Tw(c,b):Fx(c,b))}
function RA(a,b){var c,d;a.a.add(b);d=new uC(a,b);c=kC;!!c&&aC(c,new wC(d));return d}
function _C(a,b){var c,d;d=a.substr(b);c=d.indexOf(' ');c==-1&&(c=d.length);return c}
function Tv(){var a;Tv=Zi;Sv=(a=[],a.push(new Nx),a.push(new _z),a);Rv=new Xv}
function Si(){Ti();var a=Ri;for(var b=0;b<arguments.length;b++){a.push(arguments[b])}}
function Ep(a){switch(a.f.c){case 0:case 1:return true;default:return false;}}
function wp(){if(Pp()){return $wnd.vaadinPush.atmosphere.version}else{return null}}
function GE(a,b){var c;if(!a){return}b.h=a;var d=AE(b);if(!d){Wi[a]=[b];return}d.kc=b}
function yH(a,b){if(!a){throw Qi(new PE(GH('Enum constant undefined: %s',b)))}}
function fk(a){$wnd.Vaadin.connectionState&&($wnd.Vaadin.connectionState.state=a)}
function yc(a){return a.__elementTypeCategory$==null?10:a.__elementTypeCategory$}
function eu(a){return qD(qD(Ic(tk(a.a,td),7).h,'v-r=uidl'),KI+(''+Ic(tk(a.a,td),7).k))}
function Av(a){this.a=new $wnd.Map;this.e=new Yu(1,this);this.c=a;tv(this,this.e)}
function ry(a,b,c){this.c=new $wnd.Map;this.d=new $wnd.Map;this.e=a;this.b=b;this.a=c}
function $i(a,b,c){var d=function(){return a.apply(d,arguments)};b.apply(d,c);return d}
function jc(a){var b=/function(?:\s+([\w$]+))?\s*\(/;var c=b.exec(a);return c&&c[1]||cI}
function lk(a){var b;b=S;T(new rk(b));if(Sc(a,32)){kk(Ic(a,32).B())}else{throw Qi(a)}}
function Zs(a,b){var c,d;d=_s(b.b);c=_s(b.a);!d&&c?oC(new dt(a)):d&&!c&&oC(new ft(a))}
function nx(a,b,c,d){var e,f,g;g=c[hJ];e="id='"+g+"'";f=new gz(a,g);gx(a,b,d,f,g,e)}
function qB(a){var b;a.b=true;b=a.c.splice(0,a.c.length);TA(a.a,new zA(a,0,b,[],true))}
function Tb(a){var b;if(a.b){b=a.b;a.b=null;!a.g&&(a.g=[]);$b(b,a.g)}!!a.g&&(a.g=Wb(a.g))}
function mp(a){var b=function(){np(a)};$wnd.addEventListener('WebComponentsReady',QH(b))}
function rD(e,a,b,c){var d=!b?null:sD(b);e.addEventListener(a,d,c);return new FD(e,a,d,c)}
function MC(a,b){var c;c=new $wnd.XMLHttpRequest;c.withCredentials=true;return OC(c,a,b)}
function wx(a,b){var c,d;c=a.a;if(c.length!=0){for(d=0;d<c.length;d++){Uw(b,Ic(c[d],6))}}}
function Cx(a,b,c){var d,e,f,g;for(e=a,f=0,g=e.length;f<g;++f){d=e[f];ox(d,new Rz(b,d),c)}}
function Gp(a,b){if(b.a.b==(Yo(),Xo)){if(a.f==(iq(),hq)||a.f==gq){return}Bp(a,new nq)}}
function cw(a,b,c){Zv();b==(CA(),BA)&&a!=null&&c!=null&&a.has(c)?Ic(a.get(c),14).J():b.J()}
function wv(a,b,c,d,e){if(!kv(a,b)){debugger;throw Qi(new gE)}Nt(Ic(tk(a.c,Kf),33),b,c,d,e)}
function Vi(a,b){typeof window===RH&&typeof window['$gwt']===RH&&(window['$gwt'][a]=b)}
function ek(a,b){$wnd.Vaadin.connectionIndicator&&($wnd.Vaadin.connectionIndicator[a]=b)}
function hr(a,b){gk&&HD($wnd.console,'Setting heartbeat interval to '+b+'sec.');a.a=b;fr(a)}
function bk(){try{document.createEvent('TouchEvent');return true}catch(a){return false}}
function Qx(a,b){var c;c=a;while(true){c=c.f;if(!c){return false}if(K(b,c.a)){return true}}}
function Pu(a){var b;b=$wnd.Object.create(null);Ou(a,$i(av.prototype.db,av,[a,b]));return b}
function Kl(a,b){return !!(a[sI]&&a[sI][tI]&&a[sI][tI][b])&&typeof a[sI][tI][b][uI]!=aI}
function PA(a,b,c){CA();this.a=new YA(this);this.g=(mG(),mG(),lG);this.f=a;this.e=b;this.b=c}
function bF(a,b,c){if(a==null){debugger;throw Qi(new gE)}this.a=eI;this.d=a;this.b=b;this.c=c}
function gj(a,b){if(b<=0){throw Qi(new PE(gI))}!!a.f&&ej(a);a.e=true;a.f=VE(mj(kj(a,a.d),b))}
function fj(a,b){if(b<0){throw Qi(new PE(fI))}!!a.f&&ej(a);a.e=false;a.f=VE(nj(kj(a,a.d),b))}
function vG(a,b){if(0>a||a>b){throw Qi(new dE('fromIndex: 0, toIndex: '+a+', length: '+b))}}
function vv(a,b,c,d,e,f){if(!kv(a,b)){debugger;throw Qi(new gE)}Mt(Ic(tk(a.c,Kf),33),b,c,d,e,f)}
function px(a,b,c,d){var e,f,g;g=c[hJ];e="path='"+wb(g)+"'";f=new ez(a,g);gx(a,b,d,f,null,e)}
function ey(a,b,c){var d,e,f;e=Ru(a,1);f=FB(e,c);d=b[c];f.g=(mG(),d==null?lG:new pG(CH(d)))}
function rv(a,b){var c;if(b!=a.e){c=b.a;!!c&&(Gw(),!!c[nJ])&&Mw((Gw(),c[nJ]));zv(a,b);b.f=null}}
function Yt(a){if(Ut!=a.a||a.c.length==0){return}a.b=true;a.a=new $t(a);Do((Qb(),Pb),new cu(a))}
function hu(b){if(b.readyState!=1){return false}try{b.send();return true}catch(a){return false}}
function zp(c,a){var b=c.getConfig(a);if(b===null||b===undefined){return null}else{return b+''}}
function yp(c,a){var b=c.getConfig(a);if(b===null||b===undefined){return null}else{return VE(b)}}
function _w(a,b,c,d){var e;e=Ru(d,a);EB(e,$i(xy.prototype.db,xy,[b,c]));return DB(e,new zy(b,c))}
function zC(b,c,d){return QH(function(){var a=Array.prototype.slice.call(arguments);d.Cb(b,c,a)})}
function _b(b,c){Qb();function d(){var a=QH(Yb)(b);a&&$wnd.setTimeout(d,c)}
$wnd.setTimeout(d,c)}
function nD(){nD=Zi;lD=new oD('INLINE',0);kD=new oD('EAGER',1);mD=new oD('LAZY',2)}
function Wq(){Wq=Zi;Tq=new Yq('HEARTBEAT',0,0);Uq=new Yq('PUSH',1,1);Vq=new Yq('XHR',2,2)}
function Yo(){Yo=Zi;Vo=new Zo('INITIALIZING',0);Wo=new Zo('RUNNING',1);Xo=new Zo('TERMINATED',2)}
function yn(a,b){var c,d;c=new Rn(a);d=new $wnd.Function(a);Hn(a,new Yn(d),new $n(b,c),new ao(b,c))}
function Fx(a,b){var c;c=Ic(b.d.get(a),46);b.d.delete(a);if(!c){debugger;throw Qi(new gE)}c.Gb()}
function Cv(a,b){var c;if(Sc(a,29)){c=Ic(a,29);ad((CH(b),b))==2?sB(c,(WA(c.a),c.c.length)):qB(c)}}
function Pi(a){var b;if(Sc(a,5)){return a}b=a&&a.__java$exception;if(!b){b=new rb(a);hc(b)}return b}
function ap(a,b){var c;if(a==null){return null}c=_o('context://',b,a);c=_o('base://','',c);return c}
function sD(b){var c=b.handler;if(!c){c=QH(function(a){tD(b,a)});c.listener=b;b.handler=c}return c}
function RD(c){return $wnd.JSON.stringify(c,function(a,b){if(a=='$H'){return undefined}return b},0)}
function Lr(a,b){if(b==-1){return true}if(b==a.f+1){return true}if(a.f==-1){return true}return false}
function qs(a,b){hk('Re-sending queued messages to the server (attempt '+b.a+') ...');us(a);ps(a)}
function Bs(a,b){b&&(!a.c||!Ep(a.c))?(a.c=new Mp(a.e)):!b&&!!a.c&&Ep(a.c)&&Bp(a.c,new Is(a,true))}
function Cs(a,b){b&&(!a.c||!Ep(a.c))?(a.c=new Mp(a.e)):!b&&!!a.c&&Ep(a.c)&&Bp(a.c,new Is(a,false))}
function Vb(a){if(!a.i){a.i=true;!a.f&&(a.f=new bc(a));_b(a.f,1);!a.h&&(a.h=new dc(a));_b(a.h,50)}}
function gu(a){this.a=a;rD($wnd,'beforeunload',new ou(this),false);st(Ic(tk(a,Gf),12),new qu(this))}
function Dq(a){Ic(tk(a.c,_e),27).a>=0&&hr(Ic(tk(a.c,_e),27),Ic(tk(a.c,td),7).d);xq(a,(Wq(),Tq),null)}
function Eq(a,b,c){Fp(b)&&tt(Ic(tk(a.c,Gf),12));Jq(c)||yq(a,'Invalid JSON from server: '+c,null)}
function Iq(a,b){ho(Ic(tk(a.c,Be),22),'',b+' could not be loaded. Push will not work.','',null,null)}
function Hp(a,b,c){hF(b,'true')||hF(b,'false')?(a.a[c]=hF(b,'true'),undefined):(a.a[c]=b,undefined)}
function Kt(a,b,c,d){var e;e={};e[mI]=bJ;e[cJ]=Object(b);e[bJ]=c;!!d&&(e['data']=d,undefined);Ot(a,e)}
function Dc(a,b,c,d,e){e.kc=a;e.lc=b;e.mc=bj;e.__elementTypeId$=c;e.__elementTypeCategory$=d;return e}
function aD(a,b,c){var d,e;b<0?(e=0):(e=b);c<0||c>a.length?(d=a.length):(d=c);return a.substr(e,d-e)}
function qv(a){var b,c;if(!a.c.has(0)){return true}c=Ru(a,0);b=Jc(GA(FB(c,jI)));return !mE((kE(),iE),b)}
function Au(a,b){var c;c=!!b.a&&!mE((kE(),iE),GA(FB(Ru(b,0),gJ)));if(!c||!b.f){return c}return Au(a,b.f)}
function vj(a,b){var c;c='/'.length;if(!gF(b.substr(b.length-c,c),'/')){debugger;throw Qi(new gE)}a.b=b}
function Xk(a,b){var c;c=new $wnd.Map;b.forEach($i(sl.prototype.db,sl,[a,c]));c.size==0||bl(new wl(c))}
function ac(b,c){Qb();var d=$wnd.setInterval(function(){var a=QH(Yb)(b);!a&&$wnd.clearInterval(d)},c)}
function Tw(a,b){var c;if(b.d.has(a)){debugger;throw Qi(new gE)}c=zD(b.b,a,new wz(b),false);b.d.set(a,c)}
function HA(a,b){var c;WA(a.a);if(a.c){c=(WA(a.a),a.h);if(c==null){return b}return NE(Kc(c))}else{return b}}
function xp(c,a){var b=c.getConfig(a);if(b===null||b===undefined){return false}else{return kE(),b?true:false}}
function Y(a){var b,c,d,e;for(b=(a.h==null&&(a.h=(gc(),e=fc.G(a),ic(e))),a.h),c=0,d=b.length;c<d;++c);}
function zs(a){var b,c,d;b=[];c={};c['UNLOAD']=Object(true);d=ss(a,b,c);Es(eu(Ic(tk(a.e,Uf),59)),RD(d))}
function vt(a){var b,c;c=Ic(tk(a.c,Ge),13).b==(Yo(),Xo);b=a.b||Ic(tk(a.c,Of),36).b;(c||!b)&&fk('connected')}
function Ys(a){if(HB(Ru(Ic(tk(a.a,cg),9).e,5),aJ)){return Pc(GA(FB(Ru(Ic(tk(a.a,cg),9).e,5),aJ)))}return null}
function JA(a){var b;WA(a.a);if(a.c){b=(WA(a.a),a.h);if(b==null){return true}return lE(Jc(b))}else{return true}}
function ib(a){var b;if(a!=null){b=a.__java$exception;if(b){return b}}return Wc(a,TypeError)?new ZE(a):new nb(a)}
function ly(a,b,c,d){if(d==null){!!c&&(delete c['for'],undefined)}else{!c&&(c={});c['for']=d}uv(a.g,a,b,c)}
function rE(){++oE;this.i=null;this.g=null;this.f=null;this.d=null;this.b=null;this.h=null;this.a=null}
function hG(a){var b,c,d;d=1;for(c=new bG(a);c.a<c.c.a.length;){b=aG(c);d=31*d+(b!=null?O(b):0);d=d|0}return d}
function eG(a){var b,c,d,e,f;f=1;for(c=a,d=0,e=c.length;d<e;++d){b=c[d];f=31*f+(b!=null?O(b):0);f=f|0}return f}
function Qo(a){var b,c,d,e,f;b={};for(d=a,e=0,f=d.length;e<f;++e){c=d[e];b[':'+(c.b!=null?c.b:''+c.c)]=c}return b}
function Wv(a){var b,c;c=Vv(a);b=a.a;if(!a.a){b=c.Kb(a);if(!b){debugger;throw Qi(new gE)}Wu(a,b)}Uv(a,b);return b}
function TA(a,b){var c;if(b.Pb()!=a.b){debugger;throw Qi(new gE)}c=jA(a.a);c.forEach($i(xC.prototype.hb,xC,[a,b]))}
function iw(a,b){if(b<=0){throw Qi(new PE(gI))}a.c?LD($wnd,a.d):MD($wnd,a.d);a.c=true;a.d=ND($wnd,new ZD(a),b)}
function hw(a,b){if(b<0){throw Qi(new PE(fI))}a.c?LD($wnd,a.d):MD($wnd,a.d);a.c=false;a.d=OD($wnd,new XD(a),b)}
function mm(a,b){var c;lm==null&&(lm=iA());c=Oc(lm.get(a),$wnd.Set);if(c==null){c=new $wnd.Set;lm.set(a,c)}c.add(b)}
function Yu(a,b){this.c=new $wnd.Map;this.h=new $wnd.Set;this.b=new $wnd.Set;this.e=new $wnd.Map;this.d=a;this.g=b}
function Hq(a,b){gk&&($wnd.console.debug('Reopening push connection'),undefined);Fp(b)&&xq(a,(Wq(),Uq),null)}
function vq(a){a.b=null;Ic(tk(a.c,Gf),12).b&&tt(Ic(tk(a.c,Gf),12));fk('connection-lost');hr(Ic(tk(a.c,_e),27),0)}
function cx(a){var b,c;b=Qu(a.e,24);for(c=0;c<(WA(b.a),b.c.length);c++){Uw(a,Ic(b.c[c],6))}return pB(b,new Qy(a))}
function nv(a,b){var c,d,e;e=mA(a.a);for(c=0;c<e.length;c++){d=Ic(e[c],6);if(b.isSameNode(d.a)){return d}}return null}
function VE(a){var b,c;if(a>-129&&a<128){b=a+128;c=(XE(),WE)[b];!c&&(c=WE[b]=new RE(a));return c}return new RE(a)}
function Jq(a){var b;b=dj(new RegExp('Vaadin-Refresh(:\\s*(.*?))?(\\s|$)'),a);if(b){gp(b[2]);return true}return false}
function Pw(a){var b;b=Lc(Fw.get(a));if(b==null){b=Lc(new $wnd.Function(bJ,uJ,'return ('+a+')'));Fw.set(a,b)}return b}
function En(a,b,c){var d;d=Mc(c.get(a));if(d==null){d=[];d.push(b);c.set(a,d);return true}else{d.push(b);return false}}
function IA(a){var b;WA(a.a);if(a.c){b=(WA(a.a),a.h);if(b==null){return null}return WA(a.a),Pc(a.h)}else{return null}}
function $w(a,b){var c,d;d=a.f;if(b.c.has(d)){debugger;throw Qi(new gE)}c=new sC(new uz(a,b,d));b.c.set(d,c);return c}
function Zw(a){if(!a.b){debugger;throw Qi(new hE('Cannot bind client delegate methods to a Node'))}return yw(a.b,a.e)}
function wt(a){if(a.b){throw Qi(new QE('Trying to start a new request while another is active'))}a.b=true;ut(a,new At)}
function bH(a){if(a.b){bH(a.b)}else if(a.c){throw Qi(new QE("Stream already terminated, can't be modified or used"))}}
function Xl(a){var b;if(!Ic(tk(a.c,cg),9).f){b=new $wnd.Map;a.a.forEach($i(dm.prototype.hb,dm,[a,b]));pC(new fm(a,b))}}
function Nq(a,b){var c;tt(Ic(tk(a.c,Gf),12));c=b.b.responseText;Jq(c)||yq(a,'Invalid JSON response from server: '+c,b)}
function yq(a,b,c){var d,e;c&&(e=c.b);ho(Ic(tk(a.c,Be),22),'',b,'',null,null);d=Ic(tk(a.c,Ge),13);d.b!=(Yo(),Xo)&&Io(d,Xo)}
function Cq(a,b){var c;if(b.a.b==(Yo(),Xo)){if(a.b){vq(a);c=Ic(tk(a.c,Ge),13);c.b!=Xo&&Io(c,Xo)}!!a.d&&!!a.d.f&&ej(a.d)}}
function Wl(a,b){var c;a.a.clear();while(a.b.length>0){c=Ic(a.b.splice(0,1)[0],16);am(c,b)||xv(Ic(tk(a.c,cg),9),c);qC()}}
function IC(a){var b,c;if(a.a!=null){try{for(c=0;c<a.a.length;c++){b=Ic(a.a[c],339);EC(b.a,b.d,b.c,b.b)}}finally{a.a=null}}}
function _k(){Rk();var a,b;--Qk;if(Qk==0&&Pk.length!=0){try{for(b=0;b<Pk.length;b++){a=Ic(Pk[b],28);a.D()}}finally{hA(Pk)}}}
function Mb(a,b){Db();var c;c=S;if(c){if(c==Ab){return}c.r(a);return}if(b){Lb(Sc(a,32)?Ic(a,32).B():a)}else{DF();X(a,CF,'')}}
function aj(a){var b;if(Array.isArray(a)&&a.mc===bj){return qE(M(a))+'@'+(b=O(a)>>>0,b.toString(16))}return a.toString()}
function HC(a,b){var c,d;d=Oc(a.c.get(b),$wnd.Map);if(d==null){return []}c=Mc(d.get(null));if(c==null){return []}return c}
function am(a,b){var c,d;c=Oc(b.get(a.e.e.d),$wnd.Map);if(c!=null&&c.has(a.f)){d=c.get(a.f);NA(a,d);return true}return false}
function zm(a){while(a.parentNode&&(a=a.parentNode)){if(a.toString()==='[object ShadowRoot]'){return true}}return false}
function Kw(a,b){if(typeof a.get===TH){var c=a.get(b);if(typeof c===RH&&typeof c[xI]!==aI){return {nodeId:c[xI]}}}return null}
function WD(c){var a=[];for(var b in c){Object.prototype.hasOwnProperty.call(c,b)&&b!='$H'&&a.push(b)}return a}
function bp(a){var b,c;b=Ic(tk(a.a,td),7).b;c='/'.length;if(!gF(b.substr(b.length-c,c),'/')){debugger;throw Qi(new gE)}return b}
function np(a){var b,c,d,e;b=(e=new Gj,e.a=a,rp(e,op(a)),e);c=new Lj(b);kp.push(c);d=op(a).getConfig('uidl');Kj(c,d)}
function SG(){SG=Zi;PG=new TG('CONCURRENT',0);QG=new TG('IDENTITY_FINISH',1);RG=new TG('UNORDERED',2)}
function fD(){fD=Zi;eD=new gD('STYLESHEET',0);cD=new gD('JAVASCRIPT',1);dD=new gD('JS_MODULE',2);bD=new gD('DYNAMIC_IMPORT',3)}
function Hl(b,c){return Array.from(b.querySelectorAll('[name]')).find(function(a){return a.getAttribute('name')==c})}
function Mw(c){Gw();var b=c['}p'].promises;b!==undefined&&b.forEach(function(a){a[1](Error('Client is resynchronizing'))})}
function lw(a){if(a.a.b){dw(sJ,a.a.b,a.a.a,null);if(a.b.has(rJ)){a.a.g=a.a.b;a.a.h=a.a.a}a.a.b=null;a.a.a=null}else{_v(a.a)}}
function jw(a){if(a.a.b){dw(rJ,a.a.b,a.a.a,a.a.i);a.a.b=null;a.a.a=null;a.a.i=null}else !!a.a.g&&dw(rJ,a.a.g,a.a.h,null);_v(a.a)}
function dk(){return /iPad|iPhone|iPod/.test(navigator.platform)||navigator.platform==='MacIntel'&&navigator.maxTouchPoints>1}
function ck(){this.a=new $C($wnd.navigator.userAgent);this.a.c?'ontouchstart' in window:this.a.g?!!navigator.msMaxTouchPoints:bk()}
function Cn(a){this.b=new $wnd.Set;this.a=new $wnd.Map;this.d=!!($wnd.HTMLImports&&$wnd.HTMLImports.whenReady);this.c=a;vn(this)}
function Qq(a){this.c=a;Ho(Ic(tk(a,Ge),13),new $q(this));rD($wnd,'offline',new ar(this),false);rD($wnd,'online',new cr(this),false)}
function Yw(a,b){var c,d;c=Qu(b,11);for(d=0;d<(WA(c.a),c.c.length);d++){sA(a).classList.add(Pc(c.c[d]))}return pB(c,new Gz(a))}
function FB(a,b){var c;c=Ic(a.b.get(b),16);if(!c){c=new PA(b,a,gF('innerHTML',b)&&a.d==1);a.b.set(b,c);TA(a.a,new jB(a,c))}return c}
function FE(a,b){var c=0;while(!b[c]||b[c]==''){c++}var d=b[c++];for(;c<b.length;c++){if(!b[c]||b[c]==''){continue}d+=a+b[c]}return d}
function rm(a){var b;if(lm==null){return}b=Oc(lm.get(a),$wnd.Set);if(b!=null){lm.delete(a);b.forEach($i(Nm.prototype.hb,Nm,[]))}}
function _B(a){var b;a.d=true;$B(a);a.e||oC(new eC(a));if(a.c.size!=0){b=a.c;a.c=new $wnd.Set;b.forEach($i(iC.prototype.hb,iC,[]))}}
function dw(a,b,c,d){Zv();gF(rJ,a)?c.forEach($i(ww.prototype.db,ww,[d])):mA(c).forEach($i(ew.prototype.hb,ew,[]));ly(b.b,b.c,b.a,a)}
function Pt(a,b,c,d,e){var f;f={};f[mI]='mSync';f[cJ]=UD(b.d);f['feature']=Object(c);f['property']=d;f[uI]=e==null?null:e;Ot(a,f)}
function Tj(a,b,c){var d;if(a==c.d){d=new $wnd.Function('callback','callback();');d.call(null,b);return kE(),true}return kE(),false}
function mc(){if(Error.stackTraceLimit>0){$wnd.Error.stackTraceLimit=Error.stackTraceLimit=64;return true}return 'stack' in new Error}
function jm(a){return typeof a.update==TH&&a.updateComplete instanceof Promise&&typeof a.shouldUpdate==TH&&typeof a.firstUpdated==TH}
function OE(a){var b;b=KE(a);if(b>3.4028234663852886E38){return Infinity}else if(b<-3.4028234663852886E38){return -Infinity}return b}
function nE(a){if(a>=48&&a<48+$wnd.Math.min(10,10)){return a-48}if(a>=97&&a<97){return a-97+10}if(a>=65&&a<65){return a-65+10}return -1}
function ex(a){var b;b=Pc(GA(FB(Ru(a,0),'tag')));if(b==null){debugger;throw Qi(new hE('New child must have a tag'))}return ED($doc,b)}
function bx(a){var b;if(!a.b){debugger;throw Qi(new hE('Cannot bind shadow root to a Node'))}b=Ru(a.e,20);Vw(a);return DB(b,new Tz(a))}
function Ll(a,b){var c,d;d=Ru(a,1);if(!a.a){ym(Pc(GA(FB(Ru(a,0),'tag'))),new Ol(a,b));return}for(c=0;c<b.length;c++){Ml(a,d,Pc(b[c]))}}
function Qu(a,b){var c,d;d=b;c=Ic(a.c.get(d),34);if(!c){c=new uB(b,a);a.c.set(d,c)}if(!Sc(c,29)){debugger;throw Qi(new gE)}return Ic(c,29)}
function Ru(a,b){var c,d;d=b;c=Ic(a.c.get(d),34);if(!c){c=new JB(b,a);a.c.set(d,c)}if(!Sc(c,43)){debugger;throw Qi(new gE)}return Ic(c,43)}
function WF(a,b){var c,d;d=a.a.length;b.length<d&&(b=xH(new Array(d),b));for(c=0;c<d;++c){Cc(b,c,a.a[c])}b.length>d&&Cc(b,d,null);return b}
function po(a){gk&&($wnd.console.debug('Re-establish PUSH connection'),undefined);Bs(Ic(tk(a.a.a,tf),15),true);Do((Qb(),Pb),new vo(a))}
function Wk(a){gk&&($wnd.console.debug('Finished loading eager dependencies, loading lazy.'),undefined);a.forEach($i(Al.prototype.db,Al,[]))}
function sv(a){rB(Qu(a.e,24),$i(Ev.prototype.hb,Ev,[]));Ou(a.e,$i(Iv.prototype.db,Iv,[]));a.a.forEach($i(Gv.prototype.db,Gv,[a]));a.d=true}
function hF(a,b){CH(a);if(b==null){return false}if(gF(a,b)){return true}return a.length==b.length&&gF(a.toLowerCase(),b.toLowerCase())}
function iq(){iq=Zi;fq=new jq('CONNECT_PENDING',0);eq=new jq('CONNECTED',1);hq=new jq('DISCONNECT_PENDING',2);gq=new jq('DISCONNECTED',3)}
function Nt(a,b,c,d,e){var f;f={};f[mI]='attachExistingElementById';f[cJ]=UD(b.d);f[dJ]=Object(c);f[eJ]=Object(d);f['attachId']=e;Ot(a,f)}
function rw(a,b){if(b.e){!!b.b&&dw(rJ,b.b,b.a,null)}else{dw(sJ,b.b,b.a,null);iw(b.f,ad(b.j))}if(b.b){SF(a,b.b);b.b=null;b.a=null;b.i=null}}
function OH(a){MH();var b,c,d;c=':'+a;d=LH[c];if(d!=null){return ad((CH(d),d))}d=JH[c];b=d==null?NH(a):ad((CH(d),d));PH();LH[c]=b;return b}
function O(a){return Xc(a)?OH(a):Uc(a)?ad((CH(a),a)):Tc(a)?(CH(a),a)?1231:1237:Rc(a)?a.p():Bc(a)?IH(a):!!a&&!!a.hashCode?a.hashCode():IH(a)}
function wk(a,b,c){if(a.a.has(b)){debugger;throw Qi(new hE((pE(b),'Registry already has a class of type '+b.i+' registered')))}a.a.set(b,c)}
function Uv(a,b){Tv();var c;if(a.g.f){debugger;throw Qi(new hE('Binding state node while processing state tree changes'))}c=Vv(a);c.Jb(a,b,Rv)}
function zA(a,b,c,d,e){this.e=a;if(c==null){debugger;throw Qi(new gE)}if(d==null){debugger;throw Qi(new gE)}this.c=b;this.d=c;this.a=d;this.b=e}
function Hx(a,b){var c,d;d=FB(b,yJ);WA(d.a);d.c||NA(d,a.getAttribute(yJ));c=FB(b,zJ);zm(a)&&(WA(c.a),!c.c)&&!!a.style&&NA(c,a.style.display)}
function Jl(a,b,c,d){var e,f;if(!d){f=Ic(tk(a.g.c,Wd),62);e=Ic(f.a.get(c),26);if(!e){f.b[b]=c;f.a.set(c,VE(b));return VE(b)}return e}return d}
function Ux(a,b){var c,d;while(b!=null){for(c=a.length-1;c>-1;c--){d=Ic(a[c],6);if(b.isSameNode(d.a)){return d.d}}b=sA(b.parentNode)}return -1}
function Ml(a,b,c){var d;if(Kl(a.a,c)){d=Ic(a.e.get(Yg),77);if(!d||!d.a.has(c)){return}FA(FB(b,c),a.a[c]).J()}else{HB(b,c)||NA(FB(b,c),null)}}
function Vl(a,b,c){var d,e;e=mv(Ic(tk(a.c,cg),9),ad((CH(b),b)));if(e.c.has(1)){d=new $wnd.Map;EB(Ru(e,1),$i(hm.prototype.db,hm,[d]));c.set(b,d)}}
function GC(a,b,c){var d,e;e=Oc(a.c.get(b),$wnd.Map);if(e==null){e=new $wnd.Map;a.c.set(b,e)}d=Mc(e.get(c));if(d==null){d=[];e.set(c,d)}return d}
function Tx(a){var b;Rw==null&&(Rw=new $wnd.Map);b=Lc(Rw.get(a));if(b==null){b=Lc(new $wnd.Function(bJ,uJ,'return ('+a+')'));Rw.set(a,b)}return b}
function Ur(){if($wnd.performance&&$wnd.performance.timing){return (new Date).getTime()-$wnd.performance.timing.responseStart}else{return -1}}
function Aw(a,b,c,d){var e,f,g,h,i;i=Nc(a.cb());h=d.d;for(g=0;g<h.length;g++){Nw(i,Pc(h[g]))}e=d.a;for(f=0;f<e.length;f++){Hw(i,Pc(e[f]),b,c)}}
function gy(a,b){var c,d,e,f,g;d=sA(a).classList;g=b.d;for(f=0;f<g.length;f++){d.remove(Pc(g[f]))}c=b.a;for(e=0;e<c.length;e++){d.add(Pc(c[e]))}}
function kx(a,b){var c,d,e,f,g;g=Qu(b.e,2);d=0;f=null;for(e=0;e<(WA(g.a),g.c.length);e++){if(d==a){return f}c=Ic(g.c[e],6);if(c.a){f=c;++d}}return f}
function vm(a){var b,c,d,e;d=-1;b=Qu(a.f,16);for(c=0;c<(WA(b.a),b.c.length);c++){e=b.c[c];if(K(a,e)){d=c;break}}if(d<0){return null}return ''+d}
function Hc(a,b){if(Xc(a)){return !!Gc[b]}else if(a.lc){return !!a.lc[b]}else if(Uc(a)){return !!Fc[b]}else if(Tc(a)){return !!Ec[b]}return false}
function K(a,b){return Xc(a)?gF(a,b):Uc(a)?(CH(a),_c(a)===_c(b)):Tc(a)?mE(a,b):Rc(a)?a.n(b):Bc(a)?H(a,b):!!a&&!!a.equals?a.equals(b):_c(a)===_c(b)}
function X(a,b,c){var d,e,f,g,h;Y(a);for(e=(a.i==null&&(a.i=zc(ni,WH,5,0,0,1)),a.i),f=0,g=e.length;f<g;++f){d=e[f];X(d,b,'\t'+c)}h=a.f;!!h&&X(h,b,c)}
function zv(a,b){if(!kv(a,b)){debugger;throw Qi(new gE)}if(b==a.e){debugger;throw Qi(new hE("Root node can't be unregistered"))}a.a.delete(b.d);Xu(b)}
function kv(a,b){if(!b){debugger;throw Qi(new hE(kJ))}if(b.g!=a){debugger;throw Qi(new hE(lJ))}if(b!=mv(a,b.d)){debugger;throw Qi(new hE(mJ))}return true}
function tk(a,b){if(!a.a.has(b)){debugger;throw Qi(new hE((pE(b),'Tried to lookup type '+b.i+' but no instance has been registered')))}return a.a.get(b)}
function Px(a,b,c){var d,e;e=b.f;if(c.has(e)){debugger;throw Qi(new hE("There's already a binding for "+e))}d=new sC(new Fy(a,b));c.set(e,d);return d}
function Wu(a,b){var c;if(!(!a.a||!b)){debugger;throw Qi(new hE('StateNode already has a DOM node'))}a.a=b;c=jA(a.b);c.forEach($i(gv.prototype.hb,gv,[a]))}
function Vr(){if($wnd.performance&&$wnd.performance.timing&&$wnd.performance.timing.fetchStart){return $wnd.performance.timing.fetchStart}else{return 0}}
function WC(a){var b,c;if(a.indexOf('os ')==-1||a.indexOf(' like mac')==-1){return}b=aD(a,a.indexOf('os ')+3,a.indexOf(' like mac'));c=oF(b,'_');XC(c,a)}
function Ac(a,b){var c=new Array(b);var d;switch(a){case 14:case 15:d=0;break;case 16:d=false;break;default:return c;}for(var e=0;e<b;++e){c[e]=d}return c}
function xm(a){var b,c,d,e,f;e=null;c=Ru(a.f,1);f=GB(c);for(b=0;b<f.length;b++){d=Pc(f[b]);if(K(a,GA(FB(c,d)))){e=d;break}}if(e==null){return null}return e}
function XC(a,b){var c,d;a.length>=1&&YC(a[0],'OS major',b);if(a.length>=2){c=iF(a[1],sF(45));if(c>-1){d=a[1].substr(0,c-0);YC(d,HJ,b)}else{YC(a[1],HJ,b)}}}
function lc(a){gc();var b=a.e;if(b&&b.stack){var c=b.stack;var d=b+'\n';c.substring(0,d.length)==d&&(c=c.substring(d.length));return c.split('\n')}return []}
function DC(a,b,c){var d;if(!b){throw Qi(new $E('Cannot add a handler with a null type'))}a.b>0?CC(a,new LC(a,b,c)):(d=GC(a,b,null),d.push(c));return new KC}
function qm(a,b){var c,d,e,f,g;f=a.f;d=a.e.e;g=um(d);if(!g){ok(yI+d.d+zI);return}c=nm((WA(a.a),a.h));if(Am(g.a)){e=wm(g,d,f);e!=null&&Gm(g.a,e,c);return}b[f]=c}
function fr(a){if(a.a>0){hk('Scheduling heartbeat in '+a.a+' seconds');fj(a.c,a.a*1000)}else{gk&&($wnd.console.debug('Disabling heartbeat'),undefined);ej(a.c)}}
function Xs(a){var b,c,d,e;b=FB(Ru(Ic(tk(a.a,cg),9).e,5),'parameters');e=(WA(b.a),Ic(b.h,6));d=Ru(e,6);c=new $wnd.Map;EB(d,$i(ht.prototype.db,ht,[c]));return c}
function gx(a,b,c,d,e,f){var g,h;if(!Lx(a.e,b,e,f)){return}g=Nc(d.cb());if(Mx(g,b,e,f,a)){if(!c){h=Ic(tk(b.g.c,Yd),51);h.a.add(b.d);Xl(h)}Wu(b,g);Wv(b)}c||qC()}
function xv(a,b){var c,d;if(!b){debugger;throw Qi(new gE)}d=b.e;c=d.e;if(Yl(Ic(tk(a.c,Yd),51),b)||!pv(a,c)){return}Pt(Ic(tk(a.c,Kf),33),c,d.d,b.f,(WA(b.a),b.h))}
function sn(){var a,b,c,d;b=$doc.head.childNodes;c=b.length;for(d=0;d<c;d++){a=b.item(d);if(a.nodeType==8&&gF('Stylesheet end',a.nodeValue)){return a}}return null}
function Kq(a,b){if(a.b!=b){return}a.b=null;a.a=0;if(a.d){ej(a.d);a.d=null}fk('connected');gk&&($wnd.console.debug('Re-established connection to server'),undefined)}
function rs(a,b){a.c=null;b&&_s(GA(FB(Ru(Ic(tk(Ic(tk(a.e,Bf),37).a,cg),9).e,5),GI)))&&(!a.c||!Ep(a.c))&&(a.c=new Mp(a.e));Ic(tk(a.e,Of),36).b&&Yt(Ic(tk(a.e,Of),36))}
function Gx(a,b){var c,d,e;Hx(a,b);e=FB(b,yJ);WA(e.a);e.c&&my(Ic(tk(b.e.g.c,td),7),a,yJ,(WA(e.a),e.h));c=FB(b,zJ);WA(c.a);if(c.c){d=(WA(c.a),aj(c.h));xD(a.style,d)}}
function Kj(a,b){if(!b){vs(Ic(tk(a.a,tf),15))}else{wt(Ic(tk(a.a,Gf),12));Jr(Ic(tk(a.a,pf),21),b)}rD($wnd,'pagehide',new Wj(a),false);rD($wnd,'pageshow',new Yj,false)}
function Io(a,b){if(b.c!=a.b.c+1){throw Qi(new PE('Tried to move from state '+Oo(a.b)+' to '+(b.b!=null?b.b:''+b.c)+' which is not allowed'))}a.b=b;FC(a.a,new Lo(a))}
function Xr(a){var b;if(a==null){return null}if(!gF(a.substr(0,9),'for(;;);[')||(b=']'.length,!gF(a.substr(a.length-b,b),']'))){return null}return qF(a,9,a.length-1)}
function Ui(b,c,d,e){Ti();var f=Ri;$moduleName=c;$moduleBase=d;Oi=e;function g(){for(var a=0;a<f.length;a++){f[a]()}}
if(b){try{QH(g)()}catch(a){b(c,a)}}else{QH(g)()}}
function ic(a){var b,c,d,e;b='hc';c='hb';e=$wnd.Math.min(a.length,5);for(d=e-1;d>=0;d--){if(gF(a[d].d,b)||gF(a[d].d,c)){a.length>=d+1&&a.splice(0,d+1);break}}return a}
function Mt(a,b,c,d,e,f){var g;g={};g[mI]='attachExistingElement';g[cJ]=UD(b.d);g[dJ]=Object(c);g[eJ]=Object(d);g['attachTagName']=e;g['attachIndex']=Object(f);Ot(a,g)}
function Am(a){var b=typeof $wnd.Polymer===TH&&$wnd.Polymer.Element&&a instanceof $wnd.Polymer.Element;var c=a.constructor.polymerElementVersion!==undefined;return b||c}
function zw(a,b,c,d){var e,f,g,h;h=Qu(b,c);WA(h.a);if(h.c.length>0){f=Nc(a.cb());for(e=0;e<(WA(h.a),h.c.length);e++){g=Pc(h.c[e]);Hw(f,g,b,d)}}return pB(h,new Dw(a,b,d))}
function Sx(a,b){var c,d,e,f,g;c=sA(b).childNodes;for(e=0;e<c.length;e++){d=Nc(c[e]);for(f=0;f<(WA(a.a),a.c.length);f++){g=Ic(a.c[f],6);if(K(d,g.a)){return d}}}return null}
function tF(a){var b;b=0;while(0<=(b=a.indexOf('\\',b))){EH(b+1,a.length);a.charCodeAt(b+1)==36?(a=a.substr(0,b)+'$'+pF(a,++b)):(a=a.substr(0,b)+(''+pF(a,++b)))}return a}
function Bu(a){var b,c,d;if(!!a.a||!mv(a.g,a.d)){return false}if(HB(Ru(a,0),hJ)){d=GA(FB(Ru(a,0),hJ));if(Vc(d)){b=Nc(d);c=b[mI];return gF('@id',c)||gF(iJ,c)}}return false}
function un(a,b){var c,d,e,f;hk('Loaded '+b.a);f=b.a;e=Mc(a.a.get(f));a.b.add(f);a.a.delete(f);if(e!=null&&e.length!=0){for(c=0;c<e.length;c++){d=Ic(e[c],24);!!d&&d.fb(b)}}}
function yv(a,b){if(a.f==b){debugger;throw Qi(new hE('Inconsistent state tree updating status, expected '+(b?'no ':'')+' updates in progress.'))}a.f=b;Xl(Ic(tk(a.c,Yd),51))}
function ts(a){switch(a.g){case 0:gk&&($wnd.console.debug('Resynchronize from server requested'),undefined);a.g=1;return true;case 1:return true;case 2:default:return false;}}
function qb(a){var b;if(a.c==null){b=_c(a.b)===_c(ob)?null:a.b;a.d=b==null?ZH:Vc(b)?tb(Nc(b)):Xc(b)?'String':qE(M(b));a.a=a.a+': '+(Vc(b)?sb(Nc(b)):b+'');a.c='('+a.d+') '+a.a}}
function wn(a,b,c){var d,e;d=new Rn(b);if(a.b.has(b)){!!c&&c.fb(d);return}if(En(b,c,a.a)){e=$doc.createElement(EI);e.textContent=b;e.type=rI;Fn(e,new Sn(a),d);BD($doc.head,e)}}
function Rr(a){var b,c,d;for(b=0;b<a.g.length;b++){c=Ic(a.g[b],52);d=Gr(c.a);if(d!=-1&&d<a.f+1){gk&&HD($wnd.console,'Removing old message with id '+d);a.g.splice(b,1)[0];--b}}}
function dx(a,b,c){var d;if(!b.b){debugger;throw Qi(new hE(wJ+b.e.d+AI))}d=Ru(b.e,0);NA(FB(d,gJ),(kE(),qv(b.e)?true:false));Kx(a,b,c);return DA(FB(Ru(b.e,0),jI),new By(a,b,c))}
function Xi(){Wi={};!Array.isArray&&(Array.isArray=function(a){return Object.prototype.toString.call(a)===SH});function b(){return (new Date).getTime()}
!Date.now&&(Date.now=b)}
function Mv(a,b){var c,d,e,f,g,h;h=new $wnd.Set;e=b.length;for(d=0;d<e;d++){c=b[d];if(gF('attach',c[mI])){g=ad(TD(c[cJ]));if(g!=a.e.d){f=new Yu(g,a);tv(a,f);h.add(f)}}}return h}
function Zz(a,b){var c,d,e;if(!a.c.has(7)){debugger;throw Qi(new gE)}if(Xz.has(a)){return}Xz.set(a,(kE(),true));d=Ru(a,7);e=FB(d,'text');c=new sC(new dA(b,e));Nu(a,new fA(a,c))}
function io(a){var b=document.getElementsByTagName(a);for(var c=0;c<b.length;++c){var d=b[c];d.$server.disconnected=function(){};d.parentNode.replaceChild(d.cloneNode(false),d)}}
function YC(b,c,d){var e;try{return LE(b)}catch(a){a=Pi(a);if(Sc(a,8)){e=a;DF();c+' version parsing failed for: "'+b+'"\nWith userAgent: '+d+' '+e.w()}else throw Qi(a)}return -1}
function Sr(a,b){a.j.delete(b);if(a.j.size==0){ej(a.c);if(a.g.length!=0){gk&&($wnd.console.debug('No more response handling locks, handling pending requests.'),undefined);Kr(a)}}}
function Fp(a){if(a.g==null){return false}if(!gF(a.g,LI)){return false}if(HB(Ru(Ic(tk(Ic(tk(a.d,Bf),37).a,cg),9).e,5),'alwaysXhrToServer')){return false}a.f==(iq(),fq);return true}
function Wt(a,b){if(Ic(tk(a.d,Ge),13).b!=(Yo(),Wo)){gk&&($wnd.console.warn('Trying to invoke method on not yet started or stopped application'),undefined);return}a.c[a.c.length]=b}
function gn(){if(typeof $wnd.Vaadin.Flow.gwtStatsEvents==RH){delete $wnd.Vaadin.Flow.gwtStatsEvents;typeof $wnd.__gwtStatsEvent==TH&&($wnd.__gwtStatsEvent=function(){return true})}}
function Hb(b,c,d){var e,f;e=Fb();try{if(S){try{return Eb(b,c,d)}catch(a){a=Pi(a);if(Sc(a,5)){f=a;Mb(f,true);return undefined}else throw Qi(a)}}else{return Eb(b,c,d)}}finally{Ib(e)}}
function qD(a,b){var c,d;if(b.length==0){return a}c=null;d=iF(a,sF(35));if(d!=-1){c=a.substr(d);a=a.substr(0,d)}a.indexOf('?')!=-1?(a+='&'):(a+='?');a+=b;c!=null&&(a+=''+c);return a}
function rn(a){var b;b=sn();!b&&gk&&($wnd.console.error("Expected to find a 'Stylesheet end' comment inside <head> but none was found. Appending instead."),undefined);CD($doc.head,a,b)}
function VC(a,b){var c,d;c=b.indexOf(' crios/');if(c==-1){c=b.indexOf(' chrome/');c==-1?(c=b.indexOf(IJ)+16):(c+=8);d=_C(b,c);ZC(a,aD(b,c,c+d),b)}else{c+=7;d=_C(b,c);ZC(a,aD(b,c,c+d),b)}}
function KE(a){JE==null&&(JE=new RegExp('^\\s*[+-]?(NaN|Infinity|((\\d+\\.?\\d*)|(\\.\\d+))([eE][+-]?\\d+)?[dDfF]?)\\s*$'));if(!JE.test(a)){throw Qi(new aF(RJ+a+'"'))}return parseFloat(a)}
function rF(a){var b,c,d;c=a.length;d=0;while(d<c&&(EH(d,a.length),a.charCodeAt(d)<=32)){++d}b=c;while(b>d&&(EH(b-1,a.length),a.charCodeAt(b-1)<=32)){--b}return d>0||b<c?a.substr(d,b-d):a}
function tn(a,b){var c,d,e,f;co((Ic(tk(a.c,Be),22),'Error loading '+b.a));f=b.a;e=Mc(a.a.get(f));a.a.delete(f);if(e!=null&&e.length!=0){for(c=0;c<e.length;c++){d=Ic(e[c],24);!!d&&d.eb(b)}}}
function Qt(a,b,c,d,e){var f;f={};f[mI]='publishedEventHandler';f[cJ]=UD(b.d);f['templateEventMethodName']=c;f['templateEventMethodArgs']=d;e!=-1&&(f['promise']=Object(e),undefined);Ot(a,f)}
function Iw(a,b,c,d){var e,f,g,h,i,j;if(HB(Ru(d,18),c)){f=[];e=Ic(tk(d.g.c,Vf),61);i=Pc(GA(FB(Ru(d,18),c)));g=Mc(su(e,i));for(j=0;j<g.length;j++){h=Pc(g[j]);f[j]=Jw(a,b,d,h)}return f}return null}
function Lv(a,b){var c;if(!('featType' in a)){debugger;throw Qi(new hE("Change doesn't contain feature type. Don't know how to populate feature"))}c=ad(TD(a[oJ]));SD(a['featType'])?Qu(b,c):Ru(b,c)}
function sF(a){var b,c;if(a>=65536){b=55296+(a-65536>>10&1023)&65535;c=56320+(a-65536&1023)&65535;return String.fromCharCode(b)+(''+String.fromCharCode(c))}else{return String.fromCharCode(a&65535)}}
function Ib(a){a&&Sb((Qb(),Pb));--yb;if(yb<0){debugger;throw Qi(new hE('Negative entryDepth value at exit '+yb))}if(a){if(yb!=0){debugger;throw Qi(new hE('Depth not 0'+yb))}if(Cb!=-1){Nb(Cb);Cb=-1}}}
function ss(a,b,c){var d,e,f,g,h,i,j,k;i={};d=Ic(tk(a.e,pf),21).b;gF(d,'init')||(i['csrfToken']=d,undefined);i['rpc']=b;if(c){for(f=(j=WD(c),j),g=0,h=f.length;g<h;++g){e=f[g];k=c[e];i[e]=k}}return i}
function ho(a,b,c,d,e,f){var g;if(b==null&&c==null&&d==null){Ic(tk(a.a,td),7).l?ko(a):gp(e);return}g=eo(b,c,d,f);if(!Ic(tk(a.a,td),7).l){rD(g,'click',new zo(e),false);rD($doc,'keydown',new Bo(e),false)}}
function AC(a,b){var c,d,e,f;if(QD(b)==1){c=b;f=ad(TD(c[0]));switch(f){case 0:{e=ad(TD(c[1]));return d=e,Ic(a.a.get(d),6)}case 1:case 2:return null;default:throw Qi(new PE(EJ+RD(c)));}}else{return null}}
function ir(a){this.c=new jr(this);this.b=a;hr(this,Ic(tk(a,td),7).d);this.d=Ic(tk(a,td),7).h;this.d=qD(this.d,'v-r=heartbeat');this.d=qD(this.d,KI+(''+Ic(tk(a,td),7).k));Ho(Ic(tk(a,Ge),13),new or(this))}
function jy(a,b,c,d,e){var f,g,h,i,j,k,l;f=false;for(i=0;i<c.length;i++){g=c[i];l=TD(g[0]);if(l==0){f=true;continue}k=new $wnd.Set;for(j=1;j<g.length;j++){k.add(g[j])}h=$v(bw(a,b,l),k,d,e);f=f|h}return f}
function zn(a,b,c,d,e){var f,g,h;h=fp(b);f=new Rn(h);if(a.b.has(h)){!!c&&c.fb(f);return}if(En(h,c,a.a)){g=$doc.createElement(EI);g.src=h;g.type=e;g.async=false;g.defer=d;Fn(g,new Sn(a),f);BD($doc.head,g)}}
function Jw(a,b,c,d){var e,f,g,h,i;if(!gF(d.substr(0,5),bJ)||gF('event.model.item',d)){return gF(d.substr(0,bJ.length),bJ)?(g=Pw(d),h=g(b,a),i={},i[xI]=UD(TD(h[xI])),i):Kw(c.a,d)}e=Pw(d);f=e(b,a);return f}
function Gq(a,b){if(a.b){Kq(a,(Wq(),Uq));if(Ic(tk(a.c,Gf),12).b){tt(Ic(tk(a.c,Gf),12));if(Fp(b)){gk&&($wnd.console.debug('Flush pending messages after PUSH reconnection.'),undefined);xs(Ic(tk(a.c,tf),15))}}}}
function Lq(a,b){var c;if(a.a==1){gk&&HD($wnd.console,'Immediate reconnect attempt for '+b);uq(a,b)}else{a.d=new Rq(a,b);fj(a.d,HA((c=Ru(Ic(tk(Ic(tk(a.c,Df),38).a,cg),9).e,9),FB(c,'reconnectInterval')),5000))}}
function Fb(){var a;if(yb<0){debugger;throw Qi(new hE('Negative entryDepth value at entry '+yb))}if(yb!=0){a=xb();if(a-Bb>2000){Bb=a;Cb=$wnd.setTimeout(Ob,10)}}if(yb++==0){Rb((Qb(),Pb));return true}return false}
function cq(a){var b,c,d;if(a.a>=a.b.length){debugger;throw Qi(new gE)}if(a.a==0){c=''+a.b.length+'|';b=4095-c.length;d=c+qF(a.b,0,$wnd.Math.min(a.b.length,b));a.a+=b}else{d=bq(a,a.a,a.a+4095);a.a+=4095}return d}
function Kr(a){var b,c,d,e;if(a.g.length==0){return false}e=-1;for(b=0;b<a.g.length;b++){c=Ic(a.g[b],52);if(Lr(a,Gr(c.a))){e=b;break}}if(e!=-1){d=Ic(a.g.splice(e,1)[0],52);Ir(a,d.a);return true}else{return false}}
function Aq(a,b){var c,d;c=b.status;gk&&KD($wnd.console,'Heartbeat request returned '+c);if(c==403){fo(Ic(tk(a.c,Be),22),null);d=Ic(tk(a.c,Ge),13);d.b!=(Yo(),Xo)&&Io(d,Xo)}else if(c==404);else{xq(a,(Wq(),Tq),null)}}
function Oq(a,b){var c,d;c=b.b.status;gk&&KD($wnd.console,'Server returned '+c+' for xhr');if(c==401){tt(Ic(tk(a.c,Gf),12));fo(Ic(tk(a.c,Be),22),'');d=Ic(tk(a.c,Ge),13);d.b!=(Yo(),Xo)&&Io(d,Xo);return}else{xq(a,(Wq(),Vq),b.a)}}
function hp(c){return JSON.stringify(c,function(a,b){if(b instanceof Node){throw 'Message JsonObject contained a dom node reference which should not be sent to the server and can cause a cyclic dependecy.'}return b})}
function bw(a,b,c){Zv();var d,e,f;e=Oc(Yv.get(a),$wnd.Map);if(e==null){e=new $wnd.Map;Yv.set(a,e)}f=Oc(e.get(b),$wnd.Map);if(f==null){f=new $wnd.Map;e.set(b,f)}d=Ic(f.get(c),79);if(!d){d=new aw(a,b,c);f.set(c,d)}return d}
function TC(a){var b,c,d,e,f;f=a.indexOf('; cros ');if(f==-1){return}c=jF(a,sF(41),f);if(c==-1){return}b=c;while(b>=f&&(EH(b,a.length),a.charCodeAt(b)!=32)){--b}if(b==f){return}d=a.substr(b+1,c-(b+1));e=oF(d,'\\.');UC(e,a)}
function uu(a,b){var c,d,e,f,g,h;if(!b){debugger;throw Qi(new gE)}for(d=(g=WD(b),g),e=0,f=d.length;e<f;++e){c=d[e];if(a.a.has(c)){debugger;throw Qi(new gE)}h=b[c];if(!(!!h&&QD(h)!=5)){debugger;throw Qi(new gE)}a.a.set(c,h)}}
function pv(a,b){var c;c=true;if(!b){gk&&($wnd.console.warn(kJ),undefined);c=false}else if(K(b.g,a)){if(!K(b,mv(a,b.d))){gk&&($wnd.console.warn(mJ),undefined);c=false}}else{gk&&($wnd.console.warn(lJ),undefined);c=false}return c}
function ws(a,b){if(a.b.a.length!=0){if(UI in b){hk('Message not sent because already queued: '+RD(b))}else{SF(a.b,b);hk('Message not sent because other messages are pending. Added to the queue: '+RD(b))}return}SF(a.b,b);ys(a,b)}
function Xw(a){var b,c,d,e,f;d=Qu(a.e,2);d.b&&Ex(a.b);for(f=0;f<(WA(d.a),d.c.length);f++){c=Ic(d.c[f],6);e=Ic(tk(c.g.c,Wd),62);b=Sl(e,c.d);if(b){Tl(e,c.d);Wu(c,b);Wv(c)}else{b=Wv(c);sA(a.b).appendChild(b)}}return pB(d,new My(a))}
function OC(b,c,d){var e,f;try{pj(b,new QC(d));b.open('GET',c,true);b.send(null)}catch(a){a=Pi(a);if(Sc(a,32)){e=a;gk&&ID($wnd.console,e);hr(Ic(tk(d.a.a,_e),27),Ic(tk(d.a.a,td),7).d);f=e;co(f.w());oj(b)}else throw Qi(a)}return b}
function Gn(b){for(var c=0;c<$doc.styleSheets.length;c++){if($doc.styleSheets[c].href===b){var d=$doc.styleSheets[c];try{var e=d.cssRules;e===undefined&&(e=d.rules);if(e===null){return 1}return e.length}catch(a){return 1}}}return -1}
function _v(a){var b,c;if(a.f){gw(a.f);a.f=null}if(a.e){gw(a.e);a.e=null}b=Oc(Yv.get(a.c),$wnd.Map);if(b==null){return}c=Oc(b.get(a.d),$wnd.Map);if(c==null){return}c.delete(a.j);if(c.size==0){b.delete(a.d);b.size==0&&Yv.delete(a.c)}}
function Hn(b,c,d,e){try{var f=c.cb();if(!(f instanceof $wnd.Promise)){throw new Error('The expression "'+b+'" result is not a Promise.')}f.then(function(a){d.J()},function(a){console.error(a);e.J()})}catch(a){console.error(a);e.J()}}
function gr(a){ej(a.c);if(a.a<0){gk&&($wnd.console.debug('Heartbeat terminated, skipping request'),undefined);return}gk&&($wnd.console.debug('Sending heartbeat request...'),undefined);NC(a.d,null,'text/plain; charset=utf-8',new lr(a))}
function ax(g,b,c){if(Am(c)){g.Nb(b,c)}else if(Em(c)){var d=g;try{var e=$wnd.customElements.whenDefined(c.localName);var f=new Promise(function(a){setTimeout(a,1000)});Promise.race([e,f]).then(function(){Am(c)&&d.Nb(b,c)})}catch(a){}}}
function Dx(a,b,c){var d;d=$i(iz.prototype.db,iz,[]);c.forEach($i(mz.prototype.hb,mz,[d]));b.c.forEach(d);b.d.forEach($i(oz.prototype.db,oz,[]));a.forEach($i(ny.prototype.hb,ny,[]));if(Qw==null){debugger;throw Qi(new gE)}Qw.delete(b.e)}
function ky(a,b,c,d,e,f){var g,h,i,j,k,l,m,n,o,p,q;o=true;g=false;for(j=(q=WD(c),q),k=0,l=j.length;k<l;++k){i=j[k];p=c[i];n=QD(p)==1;if(!n&&!p){continue}o=false;m=!!d&&SD(d[i]);if(n&&m){h='on-'+b+':'+i;m=jy(a,h,p,e,f)}g=g|m}return o||g}
function Yi(a,b,c){var d=Wi,h;var e=d[a];var f=e instanceof Array?e[0]:null;if(e&&!f){_=e}else{_=(h=b&&b.prototype,!h&&(h=Wi[b]),_i(h));_.lc=c;!b&&(_.mc=bj);d[a]=_}for(var g=3;g<arguments.length;++g){arguments[g].prototype=_}f&&(_.kc=f)}
function pm(a,b){var c,d,e,f,g,h,i,j;c=a.a;e=a.c;i=a.d.length;f=Ic(a.e,29).e;j=um(f);if(!j){ok(yI+f.d+zI);return}d=[];c.forEach($i(dn.prototype.hb,dn,[d]));if(Am(j.a)){g=wm(j,f,null);if(g!=null){Hm(j.a,g,e,i,d);return}}h=Mc(b);pA(h,e,i,d)}
function ZC(a,b,c){var d,e,f,g;d=iF(b,sF(46));d<0&&(d=b.length);f=aD(b,0,d);a.b=YC(f,'Browser major',c);if(a.b==-1){return}e=jF(b,sF(46),d+1);if(e<0){if(b.substr(d).length==0){return}e=b.length}g=mF(aD(b,d+1,e),'');YC(g,'Browser minor',c)}
function PC(b,c,d,e,f){var g;try{pj(b,new QC(f));b.open('POST',c,true);b.setRequestHeader('Content-type',e);b.withCredentials=true;b.send(d)}catch(a){a=Pi(a);if(Sc(a,32)){g=a;gk&&ID($wnd.console,g);f.nb(b,g);oj(b)}else throw Qi(a)}return b}
function tm(a,b){var c,d,e;c=a;for(d=0;d<b.length;d++){e=b[d];c=sm(c,ad(PD(e)))}if(c){return c}else !c?gk&&KD($wnd.console,"There is no element addressed by the path '"+b+"'"):gk&&KD($wnd.console,'The node addressed by path '+b+AI);return null}
function Wr(b){var c,d;if(b==null){return null}d=fn.mb();try{c=JSON.parse(b);hk('JSON parsing took '+(''+jn(fn.mb()-d,3))+'ms');return c}catch(a){a=Pi(a);if(Sc(a,8)){gk&&ID($wnd.console,'Unable to parse JSON: '+b);return null}else throw Qi(a)}}
function lx(a,b){var c,d,e,f,g,h;f=b.b;if(a.b){Ex(f)}else{h=a.d;for(g=0;g<h.length;g++){e=Ic(h[g],6);d=e.a;if(!d){debugger;throw Qi(new hE("Can't find element to remove"))}sA(d).parentNode==f&&sA(f).removeChild(d)}}c=a.a;c.length==0||Sw(a.c,b,c)}
function tv(a,b){var c;if(b.g!=a){debugger;throw Qi(new gE)}if(b.i){debugger;throw Qi(new hE("Can't re-register a node"))}c=b.d;if(a.a.has(c)){debugger;throw Qi(new hE('Node '+c+' is already registered'))}a.a.set(c,b);a.f&&_l(Ic(tk(a.c,Yd),51),b)}
function CE(a){if(a.$b()){var b=a.c;b._b()?(a.i='['+b.h):!b.$b()?(a.i='[L'+b.Yb()+';'):(a.i='['+b.Yb());a.b=b.Xb()+'[]';a.g=b.Zb()+'[]';return}var c=a.f;var d=a.d;d=d.split('/');a.i=FE('.',[c,FE('$',d)]);a.b=FE('.',[c,FE('.',d)]);a.g=d[d.length-1]}
function Ap(a){var b,c;c=cp(Ic(tk(a.d,He),50),a.h);c=qD(c,'v-r=push');c=qD(c,KI+(''+Ic(tk(a.d,td),7).k));b=Ic(tk(a.d,pf),21).h;b!=null&&(c=qD(c,'v-pushId='+b));gk&&($wnd.console.debug('Establishing push connection'),undefined);a.c=c;a.e=Cp(a,c,a.a)}
function qC(){var a,b;if(mC){return}lC==null&&(lC=[]);nC==null&&(nC=[]);a=0;b=0;try{mC=true;while(a<lC.length||b<nC.length){while(a<lC.length){Ic(lC[a],17).gb();++a}if(b<nC.length){Ic(nC[b],17).gb();++b}}}finally{mC=false;lC.splice(0,a);nC.splice(0,b)}}
function fu(a,b){var c,d,e;d=new lu(a);d.a=b;ku(d,fn.mb());c=hp(b);e=NC(qD(qD(Ic(tk(a.a,td),7).h,'v-r=uidl'),KI+(''+Ic(tk(a.a,td),7).k)),c,NI,d);gk&&HD($wnd.console,'Sending xhr message to server: '+c);a.b&&(!ak&&(ak=new ck),ak).a.m&&fj(new iu(a,e),250)}
function ix(b,c,d){var e,f,g;if(!c){return -1}try{g=sA(Nc(c));while(g!=null){f=nv(b,g);if(f){return f.d}g=sA(g.parentNode)}}catch(a){a=Pi(a);if(Sc(a,8)){e=a;hk(xJ+c+', returned by an event data expression '+d+'. Error: '+e.w())}else throw Qi(a)}return -1}
function Lw(f){var e='}p';Object.defineProperty(f,e,{value:function(a,b,c){var d=this[e].promises[a];if(d!==undefined){delete this[e].promises[a];b?d[0](c):d[1](Error('Something went wrong. Check server-side logs for more information.'))}}});f[e].promises=[]}
function Xu(a){var b,c;if(mv(a.g,a.d)){debugger;throw Qi(new hE('Node should no longer be findable from the tree'))}if(a.i){debugger;throw Qi(new hE('Node is already unregistered'))}a.i=true;c=new Lu;b=jA(a.h);b.forEach($i(cv.prototype.hb,cv,[c]));a.h.clear()}
function xn(a,b,c){var d,e;d=new Rn(b);if(a.b.has(b)){!!c&&c.fb(d);return}if(En(b,c,a.a)){e=$doc.createElement('style');e.textContent=b;e.type='text/css';(!ak&&(ak=new ck),ak).a.k||dk()||(!ak&&(ak=new ck),ak).a.j?fj(new Mn(a,b,d),5000):Fn(e,new On(a),d);rn(e)}}
function Vv(a){Tv();var b,c,d;b=null;for(c=0;c<Sv.length;c++){d=Ic(Sv[c],313);if(d.Lb(a)){if(b){debugger;throw Qi(new hE('Found two strategies for the node : '+M(b)+', '+M(d)))}b=d}}if(!b){throw Qi(new PE('State node has no suitable binder strategy'))}return b}
function GH(a,b){var c,d,e,f;a=a;c=new zF;f=0;d=0;while(d<b.length){e=a.indexOf('%s',f);if(e==-1){break}xF(c,a.substr(f,e-f));wF(c,b[d++]);f=e+2}xF(c,a.substr(f));if(d<b.length){c.a+=' [';wF(c,b[d++]);while(d<b.length){c.a+=', ';wF(c,b[d++])}c.a+=']'}return c.a}
function FC(b,c){var d,e,f,g,h,i;try{++b.b;h=(e=HC(b,c.M()),e);d=null;for(i=0;i<h.length;i++){g=h[i];try{c.L(g)}catch(a){a=Pi(a);if(Sc(a,8)){f=a;d==null&&(d=[]);d[d.length]=f}else throw Qi(a)}}if(d!=null){throw Qi(new mb(Ic(d[0],5)))}}finally{--b.b;b.b==0&&IC(b)}}
function Kb(g){Db();function h(a,b,c,d,e){if(!e){e=a+' ('+b+':'+c;d&&(e+=':'+d);e+=')'}var f=ib(e);Mb(f,false)}
;function i(a){var b=a.onerror;if(b&&!g){return}a.onerror=function(){h.apply(this,arguments);b&&b.apply(this,arguments);return false}}
i($wnd);i(window)}
function FA(a,b){var c,d,e;c=(WA(a.a),a.c?(WA(a.a),a.h):null);(_c(b)===_c(c)||b!=null&&K(b,c))&&(a.d=false);if(!((_c(b)===_c(c)||b!=null&&K(b,c))&&(WA(a.a),a.c))&&!a.d){d=a.e.e;e=d.g;if(ov(e,d)){EA(a,b);return new hB(a,e)}else{TA(a.a,new lB(a,c,c));qC()}}return BA}
function QD(a){var b;if(a===null){return 5}b=typeof a;if(gF('string',b)){return 2}else if(gF('number',b)){return 3}else if(gF('boolean',b)){return 4}else if(gF(RH,b)){return Object.prototype.toString.apply(a)===SH?1:0}debugger;throw Qi(new hE('Unknown Json Type'))}
function Ov(a,b){var c,d,e,f,g;if(a.f){debugger;throw Qi(new hE('Previous tree change processing has not completed'))}try{yv(a,true);f=Mv(a,b);e=b.length;for(d=0;d<e;d++){c=b[d];if(!gF('attach',c[mI])){g=Nv(a,c);!!g&&f.add(g)}}return f}finally{yv(a,false);a.d=false}}
function tt(a){if(!a.b){throw Qi(new QE('endRequest called when no request is active'))}a.b=false;(Ic(tk(a.c,Ge),13).b==(Yo(),Wo)&&Ic(tk(a.c,Of),36).b||Ic(tk(a.c,tf),15).g==1||Ic(tk(a.c,tf),15).b.a.length!=0)&&xs(Ic(tk(a.c,tf),15));Do((Qb(),Pb),new yt(a));ut(a,new Et)}
function Bp(a,b){if(!b){debugger;throw Qi(new gE)}switch(a.f.c){case 0:a.f=(iq(),hq);a.b=b;break;case 1:gk&&($wnd.console.debug('Closing push connection'),undefined);Np(a.c);a.f=(iq(),gq);b.D();break;case 2:case 3:throw Qi(new QE('Can not disconnect more than once'));}}
function Vw(a){var b,c,d,e,f;c=Ru(a.e,20);f=Ic(GA(FB(c,vJ)),6);if(f){b=new $wnd.Function(uJ,"if ( element.shadowRoot ) { return element.shadowRoot; } else { return element.attachShadow({'mode' : 'open'});}");e=Nc(b.call(null,a.b));!f.a&&Wu(f,e);d=new ry(f,e,a.a);Xw(d)}}
function om(a,b,c){var d,e,f,g,h,i;f=b.f;if(f.c.has(1)){h=xm(b);if(h==null){return null}c.push(h)}else if(f.c.has(16)){e=vm(b);if(e==null){return null}c.push(e)}if(!K(f,a)){return om(a,f,c)}g=new yF;i='';for(d=c.length-1;d>=0;d--){xF((g.a+=i,g),Pc(c[d]));i='.'}return g.a}
function Lp(a,b){var c,d,e,f,g;if(Pp()){Ip(b.a)}else{f=(Ic(tk(a.d,td),7).f?(e='VAADIN/static/push/vaadinPush-min.js'):(e='VAADIN/static/push/vaadinPush.js'),e);gk&&HD($wnd.console,'Loading '+f);d=Ic(tk(a.d,te),60);g=Ic(tk(a.d,td),7).h+f;c=new $p(a,f,b);zn(d,g,c,false,rI)}}
function BC(a,b){var c,d,e,f,g,h;if(QD(b)==1){c=b;h=ad(TD(c[0]));switch(h){case 0:{g=ad(TD(c[1]));d=(f=g,Ic(a.a.get(f),6)).a;return d}case 1:return e=Mc(c[1]),e;case 2:return zC(ad(TD(c[1])),ad(TD(c[2])),Ic(tk(a.c,Kf),33));default:throw Qi(new PE(EJ+RD(c)));}}else{return b}}
function Hr(a,b){var c,d,e,f,g;gk&&($wnd.console.debug('Handling dependencies'),undefined);c=new $wnd.Map;for(e=(nD(),Dc(xc(Gh,1),WH,44,0,[lD,kD,mD])),f=0,g=e.length;f<g;++f){d=e[f];VD(b,d.b!=null?d.b:''+d.c)&&c.set(d,b[d.b!=null?d.b:''+d.c])}c.size==0||Xk(Ic(tk(a.i,Td),72),c)}
function Pv(a,b){var c,d,e,f,g;f=Kv(a,b);if(uI in a){e=a[uI];g=e;NA(f,g)}else if('nodeValue' in a){d=ad(TD(a['nodeValue']));c=mv(b.g,d);if(!c){debugger;throw Qi(new gE)}c.f=b;NA(f,c)}else{debugger;throw Qi(new hE('Change should have either value or nodeValue property: '+hp(a)))}}
function NH(a){var b,c,d,e;b=0;d=a.length;e=d-4;c=0;while(c<e){b=(EH(c+3,a.length),a.charCodeAt(c+3)+(EH(c+2,a.length),31*(a.charCodeAt(c+2)+(EH(c+1,a.length),31*(a.charCodeAt(c+1)+(EH(c,a.length),31*(a.charCodeAt(c)+31*b)))))));b=b|0;c+=4}while(c<d){b=b*31+fF(a,c++)}b=b|0;return b}
function Jp(a,b){a.g=b[MI];switch(a.f.c){case 0:a.f=(iq(),eq);Gq(Ic(tk(a.d,Re),18),a);break;case 2:a.f=(iq(),eq);if(!a.b){debugger;throw Qi(new gE)}Bp(a,a.b);break;case 1:break;default:throw Qi(new QE('Got onOpen event when connection state is '+a.f+'. This should never happen.'));}}
function pp(){lp();if(jp||!($wnd.Vaadin.Flow!=null)){gk&&($wnd.console.warn('vaadinBootstrap.js was not loaded, skipping vaadin application configuration.'),undefined);return}jp=true;$wnd.performance&&typeof $wnd.performance.now==TH?(fn=new mn):(fn=new kn);gn();sp((Db(),$moduleName))}
function $b(b,c){var d,e,f,g;if(!b){debugger;throw Qi(new hE('tasks'))}for(e=0,f=b.length;e<f;e++){if(b.length!=f){debugger;throw Qi(new hE(bI+b.length+' != '+f))}g=b[e];try{g[1]?g[0].C()&&(c=Zb(c,g)):g[0].D()}catch(a){a=Pi(a);if(Sc(a,5)){d=a;Db();Mb(d,true)}else throw Qi(a)}}return c}
function yu(a,b){var c,d,e,f,g,h,i,j,k,l;l=Ic(tk(a.a,cg),9);g=b.length-1;i=zc(li,WH,2,g+1,6,1);j=[];e=new $wnd.Map;for(d=0;d<g;d++){h=b[d];f=BC(l,h);j.push(f);i[d]='$'+d;k=AC(l,h);if(k){if(Bu(k)||!Au(a,k)){Mu(k,new Fu(a,b));return}e.set(f,k)}}c=b[b.length-1];i[i.length-1]=c;zu(a,i,j,e)}
function Kx(a,b,c){var d,e;if(!b.b){debugger;throw Qi(new hE(wJ+b.e.d+AI))}e=Ru(b.e,0);d=b.b;if(iy(b.e)&&qv(b.e)){Dx(a,b,c);oC(new Dy(d,e,b))}else if(qv(b.e)){NA(FB(e,gJ),(kE(),true));Gx(d,e)}else{Hx(d,e);my(Ic(tk(e.e.g.c,td),7),d,yJ,(kE(),jE));zm(d)&&(d.style.display='none',undefined)}}
function W(d,b){if(b instanceof Object){try{b.__java$exception=d;if(navigator.userAgent.toLowerCase().indexOf('msie')!=-1&&$doc.documentMode<9){return}var c=d;Object.defineProperties(b,{cause:{get:function(){var a=c.v();return a&&a.t()}},suppressed:{get:function(){return c.u()}}})}catch(a){}}}
function $v(a,b,c,d){var e;e=b.has('leading')&&!a.e&&!a.f;if(!e&&(b.has(rJ)||b.has(sJ))){a.b=c;a.a=d;!b.has(sJ)&&(!a.e||a.i==null)&&(a.i=d);a.g=null;a.h=null}if(b.has('leading')||b.has(rJ)){!a.e&&(a.e=new kw(a));gw(a.e);hw(a.e,ad(a.j))}if(!a.f&&b.has(sJ)){a.f=new mw(a,b);iw(a.f,ad(a.j))}return e}
function vn(a){var b,c,d,e,f,g,h,i,j,k;b=$doc;j=b.getElementsByTagName(EI);for(f=0;f<j.length;f++){c=j.item(f);k=c.src;k!=null&&k.length!=0&&a.b.add(k)}h=b.getElementsByTagName('link');for(e=0;e<h.length;e++){g=h.item(e);i=g.rel;d=g.href;(hF(FI,i)||hF('import',i))&&d!=null&&d.length!=0&&a.b.add(d)}}
function Fn(a,b,c){a.onload=QH(function(){a.onload=null;a.onerror=null;a.onreadystatechange=null;b.fb(c)});a.onerror=QH(function(){a.onload=null;a.onerror=null;a.onreadystatechange=null;b.eb(c)});a.onreadystatechange=function(){('loaded'===a.readyState||'complete'===a.readyState)&&a.onload(arguments[0])}}
function An(a,b,c){var d,e,f;f=fp(b);d=new Rn(f);if(a.b.has(f)){!!c&&c.fb(d);return}if(En(f,c,a.a)){e=$doc.createElement('link');e.rel=FI;e.type='text/css';e.href=f;if((!ak&&(ak=new ck),ak).a.k||dk()){ac((Qb(),new In(a,f,d)),10)}else{Fn(e,new Vn(a,f),d);(!ak&&(ak=new ck),ak).a.j&&fj(new Kn(a,f,d),5000)}rn(e)}}
function tq(a){var b,c,d,e;IA((c=Ru(Ic(tk(Ic(tk(a.c,Df),38).a,cg),9).e,9),FB(c,SI)))!=null&&ek('reconnectingText',IA((d=Ru(Ic(tk(Ic(tk(a.c,Df),38).a,cg),9).e,9),FB(d,SI))));IA((e=Ru(Ic(tk(Ic(tk(a.c,Df),38).a,cg),9).e,9),FB(e,TI)))!=null&&ek('offlineText',IA((b=Ru(Ic(tk(Ic(tk(a.c,Df),38).a,cg),9).e,9),FB(b,TI))))}
function Jx(a,b){var c,d,e,f,g,h;c=a.f;d=b.style;WA(a.a);if(a.c){h=(WA(a.a),Pc(a.h));e=false;if(h.indexOf('!important')!=-1){f=ED($doc,b.tagName);g=f.style;g.cssText=c+': '+h+';';if(gF('important',vD(f.style,c))){yD(d,c,wD(f.style,c),'important');e=true}}e||(d.setProperty(c,h),undefined)}else{d.removeProperty(c)}}
function Ij(f,b,c){var d=f;var e=$wnd.Vaadin.Flow.clients[b];e.isActive=QH(function(){return d.T()});e.getVersionInfo=QH(function(a){return {'flow':c}});e.debug=QH(function(){var a=d.a;return a.ab().Hb().Eb()});e.getNodeInfo=QH(function(a){return {element:d.P(a),javaClass:d.R(a),hiddenByServer:d.U(a),styles:d.Q(a)}})}
function Ix(a,b){var c,d,e,f,g;d=a.f;WA(a.a);if(a.c){f=(WA(a.a),a.h);c=b[d];e=a.g;g=lE(Jc(oG(nG(e,new Iy(f)),(kE(),true))));g&&(c===undefined||!(_c(c)===_c(f)||c!=null&&K(c,f)||c==f))&&rC(null,new Ky(b,d,f))}else Object.prototype.hasOwnProperty.call(b,d)?(delete b[d],undefined):(b[d]=null,undefined);a.g=(mG(),mG(),lG)}
function xs(a){var b;if(Ic(tk(a.e,Ge),13).b!=(Yo(),Wo)){gk&&($wnd.console.warn('Trying to send RPC from not yet started or stopped application'),undefined);return}b=Ic(tk(a.e,Gf),12).b;b||!!a.c&&!Ep(a.c)?gk&&HD($wnd.console,'Postpone sending invocations to server because of '+(b?'active request':'PUSH not active')):ps(a)}
function sm(a,b){var c,d,e,f,g;c=sA(a).children;e=-1;for(f=0;f<c.length;f++){g=c.item(f);if(!g){debugger;throw Qi(new hE('Unexpected element type in the collection of children. DomElement::getChildren is supposed to return Element chidren only, but got '+Qc(g)))}d=g;hF('style',d.tagName)||++e;if(e==b){return g}}return null}
function Sw(a,b,c){var d,e,f,g,h,i,j,k;j=Qu(b.e,2);if(a==0){d=Sx(j,b.b)}else if(a<=(WA(j.a),j.c.length)&&a>0){k=kx(a,b);d=!k?null:sA(k.a).nextSibling}else{d=null}for(g=0;g<c.length;g++){i=c[g];h=Ic(i,6);f=Ic(tk(h.g.c,Wd),62);e=Sl(f,h.d);if(e){Tl(f,h.d);Wu(h,e);Wv(h)}else{e=Wv(h);sA(b.b).insertBefore(e,d)}d=sA(e).nextSibling}}
function jx(b,c){var d,e,f,g,h;if(!c){return -1}try{h=sA(Nc(c));f=[];f.push(b);for(e=0;e<f.length;e++){g=Ic(f[e],6);if(h.isSameNode(g.a)){return g.d}rB(Qu(g,2),$i(Kz.prototype.hb,Kz,[f]))}h=sA(h.parentNode);return Ux(f,h)}catch(a){a=Pi(a);if(Sc(a,8)){d=a;hk(xJ+c+', which was the event.target. Error: '+d.w())}else throw Qi(a)}return -1}
function Fr(a){if(a.j.size==0){ok('Gave up waiting for message '+(a.f+1)+' from the server')}else{gk&&($wnd.console.warn('WARNING: reponse handling was never resumed, forcibly removing locks...'),undefined);a.j.clear()}if(!Kr(a)&&a.g.length!=0){hA(a.g);ts(Ic(tk(a.i,tf),15));Ic(tk(a.i,Gf),12).b&&tt(Ic(tk(a.i,Gf),12));vs(Ic(tk(a.i,tf),15))}}
function Tk(a,b,c){var d,e;e=Ic(tk(a.a,te),60);d=c==(nD(),lD);switch(b.c){case 0:if(d){return new cl(e)}return new hl(e);case 1:if(d){return new ml(e)}return new Cl(e);case 2:if(d){throw Qi(new PE('Inline load mode is not supported for JsModule.'))}return new El(e);case 3:return new ol;default:throw Qi(new PE('Unknown dependency type '+b));}}
function Pr(b,c){var d,e,f,g;f=Ic(tk(b.i,cg),9);g=Ov(f,c['changes']);if(!Ic(tk(b.i,td),7).f){try{d=Pu(f.e);gk&&($wnd.console.debug('StateTree after applying changes:'),undefined);gk&&HD($wnd.console,d)}catch(a){a=Pi(a);if(Sc(a,8)){e=a;gk&&($wnd.console.error('Failed to log state tree'),undefined);gk&&ID($wnd.console,e)}else throw Qi(a)}}pC(new ls(g))}
function Hw(n,k,l,m){Gw();n[k]=QH(function(c){var d=Object.getPrototypeOf(this);d[k]!==undefined&&d[k].apply(this,arguments);var e=c||$wnd.event;var f=l.Fb();var g=Iw(this,e,k,l);g===null&&(g=Array.prototype.slice.call(arguments));var h;var i=-1;if(m){var j=this['}p'].promises;i=j.length;h=new Promise(function(a,b){j[i]=[a,b]})}f.Ib(l,k,g,i);return h})}
function Sk(a,b,c){var d,e,f,g,h;f=new $wnd.Map;for(e=0;e<c.length;e++){d=c[e];h=(fD(),Uo((jD(),iD),d[mI]));g=Tk(a,h,b);if(h==bD){Yk(d['url'],g)}else{switch(b.c){case 1:Yk(cp(Ic(tk(a.a,He),50),d['url']),g);break;case 2:f.set(cp(Ic(tk(a.a,He),50),d['url']),g);break;case 0:Yk(d['contents'],g);break;default:throw Qi(new PE('Unknown load mode = '+b));}}}return f}
function ys(a,b){UI in b||(b[UI]=UD(Ic(tk(a.e,pf),21).f),undefined);YI in b||(b[YI]=UD(a.a++),undefined);Ic(tk(a.e,Gf),12).b||wt(Ic(tk(a.e,Gf),12));if(!!a.c&&Fp(a.c)){gk&&($wnd.console.debug('send PUSH'),undefined);a.d=b;Kp(a.c,b)}else{gk&&($wnd.console.debug('send XHR'),undefined);us(a);fu(Ic(tk(a.e,Uf),59),b);a.f=new Fs(a,b);fj(a.f,Ic(tk(a.e,td),7).e+500)}}
function ko(a){var b,c;if(a.b){gk&&($wnd.console.debug('Web components resynchronization already in progress'),undefined);return}a.b=true;b=Ic(tk(a.a,td),7).h+'web-component/web-component-bootstrap.js';hr(Ic(tk(a.a,_e),27),-1);_s(GA(FB(Ru(Ic(tk(Ic(tk(a.a,Bf),37).a,cg),9).e,5),GI)))&&Cs(Ic(tk(a.a,tf),15),false);c=qD(b,'v-r=webcomponent-resync');MC(c,new qo(a))}
function oF(a,b){var c,d,e,f,g,h,i,j;c=new RegExp(b,'g');i=zc(li,WH,2,0,6,1);d=0;j=a;f=null;while(true){h=c.exec(j);if(h==null||j==''){i[d]=j;break}else{g=h.index;i[d]=j.substr(0,g);j=qF(j,g+h[0].length,j.length);c.lastIndex=0;if(f==j){i[d]=j.substr(0,1);j=j.substr(1)}f=j;++d}}if(a.length>0){e=i.length;while(e>0&&i[e-1]==''){--e}e<i.length&&(i.length=e)}return i}
function LE(a){var b,c,d,e,f;if(a==null){throw Qi(new aF(ZH))}d=a.length;e=d>0&&(EH(0,a.length),a.charCodeAt(0)==45||(EH(0,a.length),a.charCodeAt(0)==43))?1:0;for(b=e;b<d;b++){if(nE((EH(b,a.length),a.charCodeAt(b)))==-1){throw Qi(new aF(RJ+a+'"'))}}f=parseInt(a,10);c=f<-2147483648;if(isNaN(f)){throw Qi(new aF(RJ+a+'"'))}else if(c||f>2147483647){throw Qi(new aF(RJ+a+'"'))}return f}
function Lx(a,b,c,d){var e,f,g,h,i;i=Qu(a,24);for(f=0;f<(WA(i.a),i.c.length);f++){e=Ic(i.c[f],6);if(e==b){continue}if(gF((h=Ru(b,0),RD(Nc(GA(FB(h,hJ))))),(g=Ru(e,0),RD(Nc(GA(FB(g,hJ))))))){ok('There is already a request to attach element addressed by the '+d+". The existing request's node id='"+e.d+"'. Cannot attach the same element twice.");wv(b.g,a,b.d,e.d,c);return false}}return true}
function wc(a,b){var c;switch(yc(a)){case 6:return Xc(b);case 7:return Uc(b);case 8:return Tc(b);case 3:return Array.isArray(b)&&(c=yc(b),!(c>=14&&c<=16));case 11:return b!=null&&Yc(b);case 12:return b!=null&&(typeof b===RH||typeof b==TH);case 0:return Hc(b,a.__elementTypeId$);case 2:return Zc(b)&&!(b.mc===bj);case 1:return Zc(b)&&!(b.mc===bj)||Hc(b,a.__elementTypeId$);default:return true;}}
function Gl(b,c){if(document.body.$&&document.body.$.hasOwnProperty&&document.body.$.hasOwnProperty(c)){return document.body.$[c]}else if(b.shadowRoot){return b.shadowRoot.getElementById(c)}else if(b.getElementById){return b.getElementById(c)}else if(c&&c.match('^[a-zA-Z0-9-_]*$')){return b.querySelector('#'+c)}else{return Array.from(b.querySelectorAll('[id]')).find(function(a){return a.id==c})}}
function Kp(a,b){var c,d;if(!Fp(a)){throw Qi(new QE('This server to client push connection should not be used to send client to server messages'))}if(a.f==(iq(),eq)){d=hp(b);hk('Sending push ('+a.g+') message to server: '+d);if(gF(a.g,LI)){c=new dq(d);while(c.a<c.b.length){Dp(a.e,cq(c))}}else{Dp(a.e,d)}return}if(a.f==fq){Fq(Ic(tk(a.d,Re),18),b);return}throw Qi(new QE('Can not push after disconnecting'))}
function uq(a,b){if(Ic(tk(a.c,Ge),13).b!=(Yo(),Wo)){gk&&($wnd.console.warn('Trying to reconnect after application has been stopped. Giving up'),undefined);return}if(b){gk&&($wnd.console.debug('Trying to re-establish server connection (UIDL)...'),undefined);ut(Ic(tk(a.c,Gf),12),new ot(a.a))}else{gk&&($wnd.console.debug('Trying to re-establish server connection (heartbeat)...'),undefined);gr(Ic(tk(a.c,_e),27))}}
function xq(a,b,c){var d;if(Ic(tk(a.c,Ge),13).b!=(Yo(),Wo)){return}fk('reconnecting');if(a.b){if(Xq(b,a.b)){gk&&KD($wnd.console,'Now reconnecting because of '+b+' failure');a.b=b}}else{a.b=b;gk&&KD($wnd.console,'Reconnecting because of '+b+' failure')}if(a.b!=b){return}++a.a;hk('Reconnect attempt '+a.a+' for '+b);a.a>=HA((d=Ru(Ic(tk(Ic(tk(a.c,Df),38).a,cg),9).e,9),FB(d,'reconnectAttempts')),10000)?vq(a):Lq(a,c)}
function Il(a,b,c,d){var e,f,g,h,i,j,k,l,m,n,o,p,q,r;j=null;g=sA(a.a).childNodes;o=new $wnd.Map;e=!b;i=-1;for(m=0;m<g.length;m++){q=Nc(g[m]);o.set(q,VE(m));K(q,b)&&(e=true);if(e&&!!q&&hF(c,q.tagName)){j=q;i=m;break}}if(!j){vv(a.g,a,d,-1,c,-1)}else{p=Qu(a,2);k=null;f=0;for(l=0;l<(WA(p.a),p.c.length);l++){r=Ic(p.c[l],6);h=r.a;n=Ic(o.get(h),26);!!n&&n.a<i&&++f;if(K(h,j)){k=VE(r.d);break}}k=Jl(a,d,j,k);vv(a.g,a,d,k.a,j.tagName,f)}}
function SC(a){var b,c,d,e,f,g,h,i,j;if(a.indexOf('android ')==-1){return}if(a.indexOf(GJ)!=-1){j=a.indexOf(GJ);f=aD(a,j+12,jF(a,sF(32),j));h=oF(f,'\\.');XC(h,a);return}if(a.indexOf('callpod keeper for android')!=-1){j=a.indexOf('; android ')+10;d=a.indexOf(';',j);f=aD(a,j,d);h=oF(f,'\\.');XC(h,a);return}e=aD(a,a.indexOf('android ')+8,a.length);i=e.indexOf(';');b=e.indexOf(')');c=i!=-1&&i<b?i:b;e=aD(e,0,c);g=oF(e,'\\.');XC(g,a)}
function As(a,b,c){if(b==a.a){!!a.d&&ad(TD(a.d[YI]))<b&&(a.d=null);if(a.b.a.length!=0){if(TD(Nc(TF(a.b,0))[YI])+1==b){VF(a.b);us(a)}}return}if(c){hk('Forced update of clientId to '+a.a);a.a=b;a.b.a=zc(gi,WH,1,0,5,1);us(a);return}if(b>a.a){a.a==0?gk&&HD($wnd.console,'Updating client-to-server id to '+b+' based on server'):ok('Server expects next client-to-server id to be '+b+' but we were going to use '+a.a+'. Will use '+b+'.');a.a=b}}
function Qv(a,b){var c,d,e,f,g,h,i,j,k,l,m,n,o,p,q;n=ad(TD(a[oJ]));m=Qu(b,n);i=ad(TD(a['index']));pJ in a?(o=ad(TD(a[pJ]))):(o=0);if('add' in a){d=a['add'];c=(j=Mc(d),j);tB(m,i,o,c)}else if('addNodes' in a){e=a['addNodes'];l=e.length;c=[];q=b.g;for(h=0;h<l;h++){g=ad(TD(e[h]));f=(k=g,Ic(q.a.get(k),6));if(!f){debugger;throw Qi(new hE('No child node found with id '+g))}f.f=b;c[h]=f}tB(m,i,o,c)}else{p=m.c.splice(i,o);TA(m.a,new zA(m,i,p,[],false))}}
function Nv(a,b){var c,d,e,f,g,h,i;g=b[mI];e=ad(TD(b[cJ]));d=(c=e,Ic(a.a.get(c),6));if(!d&&a.d){return d}if(!d){debugger;throw Qi(new hE('No attached node found'))}switch(g){case 'empty':Lv(b,d);break;case 'splice':Qv(b,d);break;case 'put':Pv(b,d);break;case pJ:f=Kv(b,d);MA(f);break;case 'detach':zv(d.g,d);d.f=null;break;case 'clear':h=ad(TD(b[oJ]));i=Qu(d,h);qB(i);break;default:{debugger;throw Qi(new hE('Unsupported change type: '+g))}}return d}
function nm(a){var b,c,d,e,f;if(Sc(a,6)){e=Ic(a,6);d=null;if(e.c.has(1)){d=Ru(e,1)}else if(e.c.has(16)){d=Qu(e,16)}else if(e.c.has(23)){return nm(FB(Ru(e,23),uI))}if(!d){debugger;throw Qi(new hE("Don't know how to convert node without map or list features"))}b=d.Tb(new Jm);if(!!b&&!(xI in b)){b[xI]=UD(e.d);Fm(e,d,b)}return b}else if(Sc(a,16)){f=Ic(a,16);if(f.e.d==23){return nm((WA(f.a),f.h))}else{c={};c[f.f]=nm((WA(f.a),f.h));return c}}else{return a}}
function Cp(f,c,d){var e=f;d.url=c;d.onOpen=QH(function(a){e.wb(a)});d.onReopen=QH(function(a){e.yb(a)});d.onMessage=QH(function(a){e.vb(a)});d.onError=QH(function(a){e.ub(a)});d.onTransportFailure=QH(function(a,b){e.zb(a)});d.onClose=QH(function(a){e.tb(a)});d.onReconnect=QH(function(a,b){e.xb(a,b)});d.onClientTimeout=QH(function(a){e.sb(a)});d.headers={'X-Vaadin-LastSeenServerSyncId':function(){return e.rb()}};return $wnd.vaadinPush.atmosphere.subscribe(d)}
function xu(h,e,f){var g={};g.getNode=QH(function(a){var b=e.get(a);if(b==null){throw new ReferenceError('There is no a StateNode for the given argument.')}return b});g.$appId=h.Db().replace(/-\d+$/,'');g.registry=h.a;g.attachExistingElement=QH(function(a,b,c,d){Il(g.getNode(a),b,c,d)});g.populateModelProperties=QH(function(a,b){Ll(g.getNode(a),b)});g.registerUpdatableModelProperties=QH(function(a,b){Nl(g.getNode(a),b)});g.stopApplication=QH(function(){f.J()});return g}
function my(a,b,c,d){var e,f,g,h,i;if(d==null||Xc(d)){ip(b,c,Pc(d))}else{f=d;if(0==QD(f)){g=f;if(!('uri' in g)){debugger;throw Qi(new hE("Implementation error: JsonObject is recieved as an attribute value for '"+c+"' but it has no "+'uri'+' key'))}i=g['uri'];if(a.l&&!i.match(/^(?:[a-zA-Z]+:)?\/\//)){e=a.h;e=(h='/'.length,gF(e.substr(e.length-h,h),'/')?e:e+'/');sA(b).setAttribute(c,e+(''+i))}else{i==null?sA(b).removeAttribute(c):sA(b).setAttribute(c,i)}}else{ip(b,c,aj(d))}}}
function ox(a,b,c){var d,e,f,g,h,i,j,k,l,m,n,o,p;p=Ic(c.e.get(Yg),77);if(!p||!p.a.has(a)){return}k=oF(a,'\\.');g=c;f=null;e=0;j=k.length;for(m=k,n=0,o=m.length;n<o;++n){l=m[n];d=Ru(g,1);if(!HB(d,l)&&e<j-1){gk&&HD($wnd.console,"Ignoring property change for property '"+a+"' which isn't defined from server");return}f=FB(d,l);Sc((WA(f.a),f.h),6)&&(g=(WA(f.a),Ic(f.h,6)));++e}if(Sc((WA(f.a),f.h),6)){h=(WA(f.a),Ic(f.h,6));i=Nc(b.a[b.b]);if(!(xI in i)||h.c.has(16)){return}}FA(f,b.a[b.b]).J()}
function Lj(a){var b,c,d,e,f,g,h,i;this.a=new Ek(this,a);T((Ic(tk(this.a,Be),22),new Uj));f=Ic(tk(this.a,cg),9).e;Ls(f,Ic(tk(this.a,xf),73));new sC(new kt(Ic(tk(this.a,Re),18)));h=Ru(f,10);qr(h,'first',new tr,450);qr(h,'second',new vr,1500);qr(h,'third',new xr,5000);i=FB(h,'theme');DA(i,new zr);c=$doc.body;Wu(f,c);Uv(f,c);hk('Starting application '+a.a);b=a.a;b=nF(b,'-\\d+$','');d=a.f;e=a.g;Jj(this,b,d,e,a.c);if(!d){g=a.i;Ij(this,b,g);gk&&HD($wnd.console,'Vaadin application servlet version: '+g)}fk('loading')}
function Jr(a,b){var c,d;if(!b){throw Qi(new PE('The json to handle cannot be null'))}if((UI in b?b[UI]:-1)==-1){c=b['meta'];(!c||!(_I in c))&&gk&&($wnd.console.error("Response didn't contain a server id. Please verify that the server is up-to-date and that the response data has not been modified in transmission."),undefined)}d=Ic(tk(a.i,Ge),13).b;if(d==(Yo(),Vo)){d=Wo;Io(Ic(tk(a.i,Ge),13),d)}d==Wo?Ir(a,b):gk&&($wnd.console.warn('Ignored received message because application has already been stopped'),undefined)}
function Wb(a){var b,c,d,e,f,g,h;if(!a){debugger;throw Qi(new hE('tasks'))}f=a.length;if(f==0){return null}b=false;c=new R;while(xb()-c.a<16){d=false;for(e=0;e<f;e++){if(a.length!=f){debugger;throw Qi(new hE(bI+a.length+' != '+f))}h=a[e];if(!h){continue}d=true;if(!h[1]){debugger;throw Qi(new hE('Found a non-repeating Task'))}if(!h[0].C()){a[e]=null;b=true}}if(!d){break}}if(b){g=[];for(e=0;e<f;e++){!!a[e]&&(g[g.length]=a[e],undefined)}if(g.length>=f){debugger;throw Qi(new gE)}return g.length==0?null:g}else{return a}}
function Vx(a,b,c,d,e){var f,g,h;h=mv(e,ad(a));if(!h.c.has(1)){return}if(!Qx(h,b)){debugger;throw Qi(new hE('Host element is not a parent of the node whose property has changed. This is an implementation error. Most likely it means that there are several StateTrees on the same page (might be possible with portlets) and the target StateTree should not be passed into the method as an argument but somehow detected from the host element. Another option is that host element is calculated incorrectly.'))}f=Ru(h,1);g=FB(f,c);FA(g,d).J()}
function eo(a,b,c,d){var e,f,g,h,i,j;h=$doc;j=h.createElement('div');j.className='v-system-error';if(a!=null){f=h.createElement('div');f.className='caption';f.textContent=a;j.appendChild(f);gk&&ID($wnd.console,a)}if(b!=null){i=h.createElement('div');i.className='message';i.textContent=b;j.appendChild(i);gk&&ID($wnd.console,b)}if(c!=null){g=h.createElement('div');g.className='details';g.textContent=c;j.appendChild(g);gk&&ID($wnd.console,c)}if(d!=null){e=h.querySelector(d);!!e&&AD(Nc(oG(sG(e.shadowRoot),e)),j)}else{BD(h.body,j)}return j}
function rp(a,b){var c,d,e;c=zp(b,'serviceUrl');Fj(a,xp(b,'webComponentMode'));if(c==null){Bj(a,fp('.'));vj(a,fp(zp(b,II)))}else{a.h=c;vj(a,fp(c+(''+zp(b,II))))}Ej(a,yp(b,'v-uiId').a);xj(a,yp(b,'heartbeatInterval').a);yj(a,yp(b,'maxMessageSuspendTimeout').a);Cj(a,(d=b.getConfig(JI),d?d.vaadinVersion:null));e=b.getConfig(JI);wp();Dj(a,b.getConfig('sessExpMsg'));zj(a,!xp(b,'debug'));Aj(a,xp(b,'requestTiming'));wj(a,b.getConfig('webcomponents'));xp(b,'devToolsEnabled');zp(b,'liveReloadUrl');zp(b,'liveReloadBackend');zp(b,'springBootLiveReloadPort')}
function qc(a,b){var c,d,e,f,g,h,i,j,k;j='';if(b.length==0){return a.H(eI,cI,-1,-1)}k=rF(b);gF(k.substr(0,3),'at ')&&(k=k.substr(3));k=k.replace(/\[.*?\]/g,'');g=k.indexOf('(');if(g==-1){g=k.indexOf('@');if(g==-1){j=k;k=''}else{j=rF(k.substr(g+1));k=rF(k.substr(0,g))}}else{c=k.indexOf(')',g);j=k.substr(g+1,c-(g+1));k=rF(k.substr(0,g))}g=iF(k,sF(46));g!=-1&&(k=k.substr(g+1));(k.length==0||gF(k,'Anonymous function'))&&(k=cI);h=kF(j,sF(58));e=lF(j,sF(58),h-1);i=-1;d=-1;f=eI;if(h!=-1&&e!=-1){f=j.substr(0,e);i=kc(j.substr(e+1,h-(e+1)));d=kc(j.substr(h+1))}return a.H(f,k,i,d)}
function Uw(a,b){var c,d,e,f,g,h;g=(e=Ru(b,0),Nc(GA(FB(e,hJ))));h=g[mI];if(gF('inMemory',h)){Wv(b);return}if(!a.b){debugger;throw Qi(new hE('Unexpected html node. The node is supposed to be a custom element'))}if(gF('@id',h)){if(jm(a.b)){km(a.b,new Wy(a,b,g));return}else if(!(typeof a.b.$!=aI)){mm(a.b,new Yy(a,b,g));return}nx(a,b,g,true)}else if(gF(iJ,h)){if(!a.b.root){mm(a.b,new $y(a,b,g));return}px(a,b,g,true)}else if(gF('@name',h)){f=g[hJ];c="name='"+f+"'";d=new az(a,f);if(!ay(d.a,d.b)){on(a.b,f,new cz(a,b,d,f,c));return}gx(a,b,true,d,f,c)}else{debugger;throw Qi(new hE('Unexpected payload type '+h))}}
function Ek(a,b){var c;this.a=new $wnd.Map;this.b=new $wnd.Map;wk(this,yd,a);wk(this,td,b);wk(this,te,new Cn(this));wk(this,He,new dp(this));wk(this,Td,new $k(this));wk(this,Be,new lo(this));xk(this,Ge,new Fk);wk(this,cg,new Av(this));wk(this,Gf,new xt(this));wk(this,pf,new Tr(this));wk(this,tf,new Ds(this));wk(this,Of,new Zt(this));wk(this,Kf,new Rt(this));wk(this,Zf,new Du(this));xk(this,Vf,new Hk);xk(this,Wd,new Jk);wk(this,Yd,new bm(this));c=new Lk(this);wk(this,_e,new ir(c.a));this.b.set(_e,c);wk(this,Re,new Qq(this));wk(this,Uf,new gu(this));wk(this,Bf,new $s(this));wk(this,Df,new jt(this));wk(this,xf,new Rs(this))}
function wb(b){var c=function(a){return typeof a!=aI};var d=function(a){return a.replace(/\r\n/g,'')};if(c(b.outerHTML))return d(b.outerHTML);c(b.innerHTML)&&b.cloneNode&&$doc.createElement('div').appendChild(b.cloneNode(true)).innerHTML;if(c(b.nodeType)&&b.nodeType==3){return "'"+b.data.replace(/ /g,'\u25AB').replace(/\u00A0/,'\u25AA')+"'"}if(typeof c(b.htmlText)&&b.collapse){var e=b.htmlText;if(e){return 'IETextRange ['+d(e)+']'}else{var f=b.duplicate();f.pasteHTML('|');var g='IETextRange '+d(b.parentElement().outerHTML);f.moveStart('character',-1);f.pasteHTML('');return g}}return b.toString?b.toString():'[JavaScriptObject]'}
function Fm(a,b,c){var d,e,f;f=[];if(a.c.has(1)){if(!Sc(b,43)){debugger;throw Qi(new hE('Received an inconsistent NodeFeature for a node that has a ELEMENT_PROPERTIES feature. It should be NodeMap, but it is: '+b))}e=Ic(b,43);EB(e,$i(Zm.prototype.db,Zm,[f,c]));f.push(DB(e,new Vm(f,c)))}else if(a.c.has(16)){if(!Sc(b,29)){debugger;throw Qi(new hE('Received an inconsistent NodeFeature for a node that has a TEMPLATE_MODELLIST feature. It should be NodeList, but it is: '+b))}d=Ic(b,29);f.push(pB(d,new Pm(c)))}if(f.length==0){debugger;throw Qi(new hE('Node should have ELEMENT_PROPERTIES or TEMPLATE_MODELLIST feature'))}f.push(Nu(a,new Tm(f)))}
function ps(a){var b,c,d,e;if(a.d){nk('Sending pending push message '+RD(a.d));c=a.d;a.d=null;wt(Ic(tk(a.e,Gf),12));ys(a,c);return}else if(a.b.a.length!=0){gk&&($wnd.console.debug('Sending queued messages to server'),undefined);!!a.f&&us(a);ys(a,Nc(TF(a.b,0)));return}e=Ic(tk(a.e,Of),36);if(e.c.length==0&&a.g!=1){return}d=e.c;e.c=[];e.b=false;e.a=Ut;if(d.length==0&&a.g!=1){gk&&($wnd.console.warn('All RPCs filtered out, not sending anything to the server'),undefined);return}b={};if(a.g==1){a.g=2;gk&&($wnd.console.warn('Resynchronizing from server'),undefined);a.b.a=zc(gi,WH,1,0,5,1);us(a);b[VI]=Object(true)}fk('loading');wt(Ic(tk(a.e,Gf),12));ws(a,ss(a,d,b))}
function Mx(a,b,c,d,e){var f,g,h,i,j,k,l,m,n,o;l=e.e;o=Pc(GA(FB(Ru(b,0),'tag')));h=false;if(!a){h=true;gk&&KD($wnd.console,AJ+d+" is not found. The requested tag name is '"+o+"'")}else if(!(!!a&&hF(o,a.tagName))){h=true;ok(AJ+d+" has the wrong tag name '"+a.tagName+"', the requested tag name is '"+o+"'")}if(h){wv(l.g,l,b.d,-1,c);return false}if(!l.c.has(20)){return true}k=Ru(l,20);m=Ic(GA(FB(k,vJ)),6);if(!m){return true}j=Qu(m,2);g=null;for(i=0;i<(WA(j.a),j.c.length);i++){n=Ic(j.c[i],6);f=n.a;if(K(f,a)){g=VE(n.d);break}}if(g){gk&&KD($wnd.console,AJ+d+" has been already attached previously via the node id='"+g+"'");wv(l.g,l,b.d,g.a,c);return false}return true}
function zu(b,c,d,e){var f,g,h,i,j,k,l,m,n;if(c.length!=d.length+1){debugger;throw Qi(new gE)}try{j=new ($wnd.Function.bind.apply($wnd.Function,[null].concat(c)));j.apply(xu(b,e,new Ju(b)),d)}catch(a){a=Pi(a);if(Sc(a,8)){i=a;ik(new pk(i));gk&&($wnd.console.error('Exception is thrown during JavaScript execution. Stacktrace will be dumped separately.'),undefined);if(!Ic(tk(b.a,td),7).f){g=new AF('[');h='';for(l=c,m=0,n=l.length;m<n;++m){k=l[m];xF((g.a+=h,g),k);h=', '}g.a+=']';f=g.a;EH(0,f.length);f.charCodeAt(0)==91&&(f=f.substr(1));fF(f,f.length-1)==93&&(f=qF(f,0,f.length-1));gk&&ID($wnd.console,"The error has occurred in the JS code: '"+f+"'")}}else throw Qi(a)}}
function Ww(a,b,c,d){var e,f,g,h,i,j,k;g=qv(b);i=Pc(GA(FB(Ru(b,0),'tag')));if(!(i==null||hF(c.tagName,i))){debugger;throw Qi(new hE("Element tag name is '"+c.tagName+"', but the required tag name is "+Pc(GA(FB(Ru(b,0),'tag')))))}Qw==null&&(Qw=iA());if(Qw.has(b)){return}Qw.set(b,(kE(),true));f=new ry(b,c,d);e=[];h=[];if(g){h.push(Zw(f));h.push(zw(new Iz(f),f.e,17,false));h.push((j=Ru(f.e,4),EB(j,$i(qz.prototype.db,qz,[f])),DB(j,new sz(f))));h.push(cx(f));h.push(Xw(f));h.push(bx(f));h.push(Yw(c,b));h.push(_w(12,new ty(c),fx(e),b));h.push(_w(3,new vy(c),fx(e),b));h.push(_w(1,new Sy(c),fx(e),b));ax(a,b,c);h.push(Nu(b,new kz(h,f,e)))}h.push(dx(h,f,e));k=new sy(b);b.e.set(lg,k);pC(new Ez(b))}
function Jj(k,e,f,g,h){var i=k;var j={};j.isActive=QH(function(){return i.T()});j.getByNodeId=QH(function(a){return i.P(a)});j.getNodeId=QH(function(a){return i.S(a)});j.getUIId=QH(function(){var a=i.a.X();return a.N()});j.addDomBindingListener=QH(function(a,b){i.O(a,b)});j.productionMode=f;j.poll=QH(function(){var a=i.a.Z();a.Ab()});j.connectWebComponent=QH(function(a){var b=i.a;var c=b._();var d=b.ab().Hb().d;c.Bb(d,'connect-web-component',a)});g&&(j.getProfilingData=QH(function(){var a=i.a.Y();var b=[a.e,a.l];null!=a.k?(b=b.concat(a.k)):(b=b.concat(-1,-1));b[b.length]=a.a;return b}));j.resolveUri=QH(function(a){var b=i.a.bb();return b.qb(a)});j.sendEventMessage=QH(function(a,b,c){var d=i.a._();d.Bb(a,b,c)});j.initializing=false;j.exportedWebComponents=h;$wnd.Vaadin.Flow.clients[e]=j}
function Qr(a,b,c,d){var e,f,g,h,i,j,k,l,m;if(!((UI in b?b[UI]:-1)==-1||(UI in b?b[UI]:-1)==a.f)){debugger;throw Qi(new gE)}try{k=xb();i=b;if('constants' in i){e=Ic(tk(a.i,Vf),61);f=i['constants'];uu(e,f)}'changes' in i&&Pr(a,i);WI in i&&pC(new fs(a,i));hk('handleUIDLMessage: '+(xb()-k)+' ms');qC();j=b['meta'];if(j){m=Ic(tk(a.i,Ge),13).b;if(_I in j){if(m!=(Yo(),Xo)){Io(Ic(tk(a.i,Ge),13),Xo);_b((Qb(),new js(a)),250)}}else if('appError' in j&&m!=(Yo(),Xo)){g=j['appError'];ho(Ic(tk(a.i,Be),22),g['caption'],g['message'],g['details'],g['url'],g['querySelector']);Io(Ic(tk(a.i,Ge),13),(Yo(),Xo))}}a.e=ad(xb()-d);a.l+=a.e;if(!a.d){a.d=true;h=Vr();if(h!=0){l=ad(xb()-h);gk&&HD($wnd.console,'First response processed '+l+' ms after fetchStart')}a.a=Ur()}}finally{hk(' Processing time was '+(''+a.e)+'ms');Mr(b)&&tt(Ic(tk(a.i,Gf),12));Sr(a,c)}}
function Mp(a){var b,c,d,e;this.f=(iq(),fq);this.d=a;Ho(Ic(tk(a,Ge),13),new lq(this));this.a={transport:LI,maxStreamingLength:1000000,fallbackTransport:'long-polling',contentType:NI,reconnectInterval:5000,withCredentials:true,maxWebsocketErrorRetries:12,timeout:-1,maxReconnectOnClose:10000000,trackMessageLength:true,enableProtocol:true,handleOnlineOffline:false,executeCallbackBeforeReconnect:true,messageDelimiter:String.fromCharCode(124)};this.a['logLevel']='debug';Xs(Ic(tk(this.d,Bf),37)).forEach($i(pq.prototype.db,pq,[this]));c=Ys(Ic(tk(this.d,Bf),37));if(c==null||rF(c).length==0||gF('/',c)){this.h=OI;d=Ic(tk(a,td),7).h;if(!gF(d,'.')){e='/'.length;gF(d.substr(d.length-e,e),'/')||(d+='/');this.h=d+(''+this.h)}}else{b=Ic(tk(a,td),7).b;e='/'.length;gF(b.substr(b.length-e,e),'/')&&gF(c.substr(0,1),'/')&&(c=c.substr(1));this.h=b+(''+c)+OI}Lp(this,new rq(this))}
function lv(a,b){if(a.b==null){a.b=new $wnd.Map;a.b.set(VE(0),'elementData');a.b.set(VE(1),'elementProperties');a.b.set(VE(2),'elementChildren');a.b.set(VE(3),'elementAttributes');a.b.set(VE(4),'elementListeners');a.b.set(VE(5),'pushConfiguration');a.b.set(VE(6),'pushConfigurationParameters');a.b.set(VE(7),'textNode');a.b.set(VE(8),'pollConfiguration');a.b.set(VE(9),'reconnectDialogConfiguration');a.b.set(VE(10),'loadingIndicatorConfiguration');a.b.set(VE(11),'classList');a.b.set(VE(12),'elementStyleProperties');a.b.set(VE(15),'componentMapping');a.b.set(VE(16),'modelList');a.b.set(VE(17),'polymerServerEventHandlers');a.b.set(VE(18),'polymerEventListenerMap');a.b.set(VE(19),'clientDelegateHandlers');a.b.set(VE(20),'shadowRootData');a.b.set(VE(21),'shadowRootHost');a.b.set(VE(22),'attachExistingElementFeature');a.b.set(VE(24),'virtualChildrenList');a.b.set(VE(23),'basicTypeValue')}return a.b.has(VE(b))?Pc(a.b.get(VE(b))):'Unknown node feature: '+b}
function mx(a,b){var c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u,v,w,A,B,C,D,F,G;if(!b){debugger;throw Qi(new gE)}f=b.b;t=b.e;if(!f){debugger;throw Qi(new hE('Cannot handle DOM event for a Node'))}D=a.type;s=Ru(t,4);e=Ic(tk(t.g.c,Vf),61);i=Pc(GA(FB(s,D)));if(i==null){debugger;throw Qi(new gE)}if(!tu(e,i)){debugger;throw Qi(new gE)}j=Nc(su(e,i));p=(A=WD(j),A);B=new $wnd.Set;p.length==0?(g=null):(g={});for(l=p,m=0,n=l.length;m<n;++m){k=l[m];if(gF(k.substr(0,1),'}')){u=k.substr(1);B.add(u)}else if(gF(k,']')){C=jx(t,a.target);g[']']=Object(C)}else if(gF(k.substr(0,1),']')){r=k.substr(1);h=Tx(r);o=h(a,f);C=ix(t.g,o,r);g[k]=Object(C)}else{h=Tx(k);o=h(a,f);g[k]=o}}B.forEach($i(yz.prototype.hb,yz,[t,f]));d=new $wnd.Map;B.forEach($i(Az.prototype.hb,Az,[d,b]));v=new Cz(t,D,g);w=ky(f,D,j,g,v,d);if(w){c=false;q=B.size==0;q&&(c=UF((Zv(),F=new XF,G=$i(ow.prototype.db,ow,[F]),Yv.forEach(G),F),v,0)!=-1);if(!c){mA(d).forEach($i(py.prototype.hb,py,[]));ly(v.b,v.c,v.a,null)}}}
function Ir(a,b){var c,d,e,f,g,h,i,j,k,l,m,n;j=UI in b?b[UI]:-1;e=VI in b;if(!e&&Ic(tk(a.i,tf),15).g==2){g=b;if(WI in g){d=g[WI];for(f=0;f<d.length;f++){c=d[f];if(c.length>0&&gF('window.location.reload();',c[0])){gk&&($wnd.console.warn('Executing forced page reload while a resync request is ongoing.'),undefined);$wnd.location.reload();return}}}gk&&($wnd.console.warn('Queueing message from the server as a resync request is ongoing.'),undefined);a.g.push(new cs(b));return}Ic(tk(a.i,tf),15).g=0;if(e&&!Lr(a,j)){hk('Received resync message with id '+j+' while waiting for '+(a.f+1));a.f=j-1;Rr(a)}i=a.j.size!=0;if(i||!Lr(a,j)){if(i){gk&&($wnd.console.debug('Postponing UIDL handling due to lock...'),undefined)}else{if(j<=a.f){ok(XI+j+' but have already seen '+a.f+'. Ignoring it');Mr(b)&&tt(Ic(tk(a.i,Gf),12));return}hk(XI+j+' but expected '+(a.f+1)+'. Postponing handling until the missing message(s) have been received')}a.g.push(new cs(b));if(!a.c.f){m=Ic(tk(a.i,td),7).e;fj(a.c,m)}return}VI in b&&sv(Ic(tk(a.i,cg),9));l=xb();h=new I;a.j.add(h);gk&&($wnd.console.debug('Handling message from server'),undefined);ut(Ic(tk(a.i,Gf),12),new Ht);if(YI in b){k=b[YI];As(Ic(tk(a.i,tf),15),k,VI in b)}j!=-1&&(a.f=j);if('redirect' in b){n=b['redirect']['url'];gk&&HD($wnd.console,'redirecting to '+n);gp(n);return}ZI in b&&(a.b=b[ZI]);$I in b&&(a.h=b[$I]);Hr(a,b);a.d||Zk(Ic(tk(a.i,Td),72));'timings' in b&&(a.k=b['timings']);bl(new Yr);bl(new ds(a,b,h,l))}
function $C(b){var c,d,e,f,g,h;b=b.toLowerCase();this.f=b.indexOf('gecko')!=-1&&b.indexOf('webkit')==-1&&b.indexOf(JJ)==-1;b.indexOf(' presto/')!=-1;this.l=b.indexOf(JJ)!=-1;this.m=!this.l&&b.indexOf('applewebkit')!=-1;this.c=(b.indexOf(' chrome/')!=-1||b.indexOf(' crios/')!=-1||b.indexOf(IJ)!=-1)&&b.indexOf(KJ)==-1;this.j=b.indexOf('opera')!=-1||b.indexOf(KJ)!=-1;this.g=b.indexOf('msie')!=-1&&!this.j&&b.indexOf('webtv')==-1;this.g=this.g||this.l;this.k=!this.c&&!this.g&&!this.j&&b.indexOf('safari')!=-1;this.e=b.indexOf(' firefox/')!=-1||b.indexOf('fxios/')!=-1;if(b.indexOf(' edge/')!=-1||b.indexOf(' edg/')!=-1||b.indexOf(LJ)!=-1||b.indexOf(MJ)!=-1){this.d=true;this.c=false;this.j=false;this.g=false;this.k=false;this.e=false;this.m=false;this.f=false}try{if(this.f){g=b.indexOf('rv:');if(g>=0){h=b.substr(g+3);h=nF(h,NJ,'$1');this.a=OE(h)}}else if(this.m){h=pF(b,b.indexOf('webkit/')+7);h=nF(h,OJ,'$1');this.a=OE(h)}else if(this.l){h=pF(b,b.indexOf(JJ)+8);h=nF(h,OJ,'$1');this.a=OE(h);this.a>7&&(this.a=7)}else this.d&&(this.a=0)}catch(a){a=Pi(a);if(Sc(a,8)){c=a;DF();'Browser engine version parsing failed for: '+b+' '+c.w()}else throw Qi(a)}try{if(this.g){if(b.indexOf('msie')!=-1){if(this.l){this.b=4+ad(this.a)}else{f=pF(b,b.indexOf('msie ')+5);f=aD(f,0,iF(f,sF(59)));ZC(this,f,b)}}else{g=b.indexOf('rv:');if(g>=0){h=b.substr(g+3);h=nF(h,NJ,'$1');ZC(this,h,b)}}}else if(this.e){e=b.indexOf(' fxios/');e!=-1?(e=b.indexOf(' fxios/')+7):(e=b.indexOf(' firefox/')+9);ZC(this,aD(b,e,e+_C(b,e)),b)}else if(this.c){VC(this,b)}else if(this.k){e=b.indexOf(' version/');if(e>=0){e+=9;ZC(this,aD(b,e,e+_C(b,e)),b)}else{d=ad(this.a*10);d>=6010&&d<6015?(this.b=9):d>=6015&&d<6018?(this.b=9):d>=6020&&d<6030?(this.b=10):d>=6030&&d<6040?(this.b=10):d>=6040&&d<6050?(this.b=11):d>=6050&&d<6060?(this.b=11):d>=6060&&d<6070?(this.b=12):d>=6070&&(this.b=12)}}else if(this.j){e=b.indexOf(' version/');e!=-1?(e+=9):b.indexOf(KJ)!=-1?(e=b.indexOf(KJ)+5):(e=b.indexOf('opera/')+6);ZC(this,aD(b,e,e+_C(b,e)),b)}else if(this.d){e=b.indexOf(' edge/')+6;b.indexOf(' edg/')!=-1?(e=b.indexOf(' edg/')+5):b.indexOf(LJ)!=-1?(e=b.indexOf(LJ)+6):b.indexOf(MJ)!=-1&&(e=b.indexOf(MJ)+8);ZC(this,aD(b,e,e+_C(b,e)),b)}}catch(a){a=Pi(a);if(Sc(a,8)){c=a;DF();'Browser version parsing failed for: '+b+' '+c.w()}else throw Qi(a)}if(b.indexOf('windows ')!=-1){b.indexOf('windows phone')!=-1}else if(b.indexOf('android')!=-1){SC(b)}else if(b.indexOf('linux')!=-1);else if(b.indexOf('macintosh')!=-1||b.indexOf('mac osx')!=-1||b.indexOf('mac os x')!=-1){this.h=b.indexOf('ipad')!=-1;this.i=b.indexOf('iphone')!=-1;(this.h||this.i)&&WC(b)}else b.indexOf('; cros ')!=-1&&TC(b)}
var RH='object',SH='[object Array]',TH='function',UH='java.lang',VH='com.google.gwt.core.client',WH={4:1},XH='__noinit__',YH={4:1,8:1,10:1,5:1},ZH='null',_H='com.google.gwt.core.client.impl',aI='undefined',bI='Working array length changed ',cI='anonymous',dI='fnStack',eI='Unknown',fI='must be non-negative',gI='must be positive',hI='com.google.web.bindery.event.shared',iI='com.vaadin.client',jI='visible',kI={57:1},lI={25:1},mI='type',nI={48:1},oI={24:1},pI={14:1},qI={28:1},rI='text/javascript',sI='constructor',tI='properties',uI='value',vI='com.vaadin.client.flow.reactive',wI={17:1},xI='nodeId',yI='Root node for node ',zI=' could not be found',AI=' is not an Element',BI={66:1},CI={81:1},DI={47:1},EI='script',FI='stylesheet',GI='pushMode',HI='com.vaadin.flow.shared',II='contextRootUrl',JI='versionInfo',KI='v-uiId=',LI='websocket',MI='transport',NI='application/json; charset=UTF-8',OI='VAADIN/push',QI='com.vaadin.client.communication',RI={91:1},SI='dialogText',TI='dialogTextGaveUp',UI='syncId',VI='resynchronize',WI='execute',XI='Received message with server id ',YI='clientId',ZI='Vaadin-Security-Key',$I='Vaadin-Push-ID',_I='sessionExpired',aJ='pushServletMapping',bJ='event',cJ='node',dJ='attachReqId',eJ='attachAssignedId',fJ='com.vaadin.client.flow',gJ='bound',hJ='payload',iJ='subTemplate',jJ={46:1},kJ='Node is null',lJ='Node is not created for this tree',mJ='Node id is not registered with this tree',nJ='$server',oJ='feat',pJ='remove',qJ='com.vaadin.client.flow.binding',rJ='trailing',sJ='intermediate',tJ='elemental.util',uJ='element',vJ='shadowRoot',wJ='The HTML node for the StateNode with id=',xJ='An error occurred when Flow tried to find a state node matching the element ',yJ='hidden',zJ='styleDisplay',AJ='Element addressed by the ',BJ='dom-repeat',CJ='dom-change',DJ='com.vaadin.client.flow.nodefeature',EJ='Unsupported complex type in ',FJ='com.vaadin.client.gwt.com.google.web.bindery.event.shared',GJ='ddg_android/',HJ='OS minor',IJ=' headlesschrome/',JJ='trident/',KJ=' opr/',LJ=' edga/',MJ=' edgios/',NJ='(\\.[0-9]+).+',OJ='([0-9]+\\.[0-9]+).*',PJ='com.vaadin.flow.shared.ui',QJ='java.io',RJ='For input string: "',SJ='java.util',TJ='java.util.stream',UJ='Index: ',VJ=', Size: ',WJ='user.agent';var _,Wi,Ri,Oi=-1;$wnd.goog=$wnd.goog||{};$wnd.goog.global=$wnd.goog.global||$wnd;Xi();Yi(1,null,{},I);_.n=function J(a){return H(this,a)};_.o=function L(){return this.kc};_.p=function N(){return IH(this)};_.q=function P(){var a;return qE(M(this))+'@'+(a=O(this)>>>0,a.toString(16))};_.equals=function(a){return this.n(a)};_.hashCode=function(){return this.p()};_.toString=function(){return this.q()};var Ec,Fc,Gc;Yi(68,1,{68:1},rE);_.Wb=function sE(a){var b;b=new rE;b.e=4;a>1?(b.c=yE(this,a-1)):(b.c=this);return b};_.Xb=function xE(){pE(this);return this.b};_.Yb=function zE(){return qE(this)};_.Zb=function BE(){pE(this);return this.g};_.$b=function DE(){return (this.e&4)!=0};_._b=function EE(){return (this.e&1)!=0};_.q=function HE(){return ((this.e&2)!=0?'interface ':(this.e&1)!=0?'':'class ')+(pE(this),this.i)};_.e=0;var oE=1;var gi=uE(UH,'Object',1);var Vh=uE(UH,'Class',68);Yi(96,1,{},R);_.a=0;var cd=uE(VH,'Duration',96);var S=null;Yi(5,1,{4:1,5:1});_.s=function bb(a){return new Error(a)};_.t=function db(){return this.e};_.u=function eb(){var a;return a=Ic(dH(fH(gG((this.i==null&&(this.i=zc(ni,WH,5,0,0,1)),this.i)),new FF),OG(new ZG,new XG,new _G,Dc(xc(Ci,1),WH,49,0,[(SG(),QG)]))),92),WF(a,zc(gi,WH,1,a.a.length,5,1))};_.v=function fb(){return this.f};_.w=function gb(){return this.g};_.A=function hb(){Z(this,cb(this.s($(this,this.g))));hc(this)};_.q=function jb(){return $(this,this.w())};_.e=XH;_.j=true;var ni=uE(UH,'Throwable',5);Yi(8,5,{4:1,8:1,5:1});var Zh=uE(UH,'Exception',8);Yi(10,8,YH,mb);var hi=uE(UH,'RuntimeException',10);Yi(56,10,YH,nb);var ci=uE(UH,'JsException',56);Yi(120,56,YH);var gd=uE(_H,'JavaScriptExceptionBase',120);Yi(32,120,{32:1,4:1,8:1,10:1,5:1},rb);_.w=function ub(){return qb(this),this.c};_.B=function vb(){return _c(this.b)===_c(ob)?null:this.b};var ob;var dd=uE(VH,'JavaScriptException',32);var ed=uE(VH,'JavaScriptObject$',0);Yi(315,1,{});var fd=uE(VH,'Scheduler',315);var yb=0,zb=false,Ab,Bb=0,Cb=-1;Yi(130,315,{});_.e=false;_.i=false;var Pb;var kd=uE(_H,'SchedulerImpl',130);Yi(131,1,{},bc);_.C=function cc(){this.a.e=true;Tb(this.a);this.a.e=false;return this.a.i=Ub(this.a)};var hd=uE(_H,'SchedulerImpl/Flusher',131);Yi(132,1,{},dc);_.C=function ec(){this.a.e&&_b(this.a.f,1);return this.a.i};var jd=uE(_H,'SchedulerImpl/Rescuer',132);var fc;Yi(325,1,{});var od=uE(_H,'StackTraceCreator/Collector',325);Yi(121,325,{},nc);_.F=function oc(a){var b={},j;var c=[];a[dI]=c;var d=arguments.callee.caller;while(d){var e=(gc(),d.name||(d.name=jc(d.toString())));c.push(e);var f=':'+e;var g=b[f];if(g){var h,i;for(h=0,i=g.length;h<i;h++){if(g[h]===d){return}}}(g||(b[f]=[])).push(d);d=d.caller}};_.G=function pc(a){var b,c,d,e;d=(gc(),a&&a[dI]?a[dI]:[]);c=d.length;e=zc(ii,WH,30,c,0,1);for(b=0;b<c;b++){e[b]=new bF(d[b],null,-1)}return e};var ld=uE(_H,'StackTraceCreator/CollectorLegacy',121);Yi(326,325,{});_.F=function rc(a){};_.H=function sc(a,b,c,d){return new bF(b,a+'@'+d,c<0?-1:c)};_.G=function tc(a){var b,c,d,e,f,g;e=lc(a);f=zc(ii,WH,30,0,0,1);b=0;d=e.length;if(d==0){return f}g=qc(this,e[0]);gF(g.d,cI)||(f[b++]=g);for(c=1;c<d;c++){f[b++]=qc(this,e[c])}return f};var nd=uE(_H,'StackTraceCreator/CollectorModern',326);Yi(122,326,{},uc);_.H=function vc(a,b,c,d){return new bF(b,a,-1)};var md=uE(_H,'StackTraceCreator/CollectorModernNoSourceMap',122);Yi(39,1,{});_.I=function lj(a){if(a!=this.d){return}this.e||(this.f=null);this.J()};_.d=0;_.e=false;_.f=null;var pd=uE('com.google.gwt.user.client','Timer',39);Yi(332,1,{});_.q=function qj(){return 'An event type'};var sd=uE(hI,'Event',332);Yi(85,1,{},sj);_.p=function tj(){return this.a};_.q=function uj(){return 'Event type'};_.a=0;var rj=0;var qd=uE(hI,'Event/Type',85);Yi(333,1,{});var rd=uE(hI,'EventBus',333);Yi(7,1,{7:1},Gj);_.N=function Hj(){return this.k};_.d=0;_.e=0;_.f=false;_.g=false;_.k=0;_.l=false;var td=uE(iI,'ApplicationConfiguration',7);Yi(94,1,{94:1},Lj);_.O=function Mj(a,b){Mu(mv(Ic(tk(this.a,cg),9),a),new $j(a,b))};_.P=function Nj(a){var b;b=mv(Ic(tk(this.a,cg),9),a);return !b?null:b.a};_.Q=function Oj(a){var b,c,d,e,f;e=mv(Ic(tk(this.a,cg),9),a);f={};if(e){d=GB(Ru(e,12));for(b=0;b<d.length;b++){c=Pc(d[b]);f[c]=GA(FB(Ru(e,12),c))}}return f};_.R=function Pj(a){var b;b=mv(Ic(tk(this.a,cg),9),a);return !b?null:IA(FB(Ru(b,0),'jc'))};_.S=function Qj(a){var b;b=nv(Ic(tk(this.a,cg),9),sA(a));return !b?-1:b.d};_.T=function Rj(){var a;return Ic(tk(this.a,pf),21).a==0||Ic(tk(this.a,Gf),12).b||(a=(Qb(),Pb),!!a&&a.a!=0)};_.U=function Sj(a){var b,c;b=mv(Ic(tk(this.a,cg),9),a);c=!b||JA(FB(Ru(b,0),jI));return !c};var yd=uE(iI,'ApplicationConnection',94);Yi(147,1,{},Uj);_.r=function Vj(a){var b;b=a;Sc(b,3)?co('Assertion error: '+b.w()):co(b.w())};var ud=uE(iI,'ApplicationConnection/0methodref$handleError$Type',147);Yi(148,1,{},Wj);_.V=function Xj(a){zs(Ic(tk(this.a.a,tf),15))};var vd=uE(iI,'ApplicationConnection/lambda$1$Type',148);Yi(149,1,{},Yj);_.V=function Zj(a){$wnd.location.reload()};var wd=uE(iI,'ApplicationConnection/lambda$2$Type',149);Yi(150,1,kI,$j);_.W=function _j(a){return Tj(this.b,this.a,a)};_.b=0;var xd=uE(iI,'ApplicationConnection/lambda$3$Type',150);Yi(40,1,{},ck);var ak;var zd=uE(iI,'BrowserInfo',40);var Ad=wE(iI,'Command');var gk=false;Yi(129,1,{},pk);_.J=function qk(){lk(this.a)};var Bd=uE(iI,'Console/lambda$0$Type',129);Yi(128,1,{},rk);_.r=function sk(a){mk(this.a)};var Cd=uE(iI,'Console/lambda$1$Type',128);Yi(154,1,{});_.X=function yk(){return Ic(tk(this,td),7)};_.Y=function zk(){return Ic(tk(this,pf),21)};_.Z=function Ak(){return Ic(tk(this,xf),73)};_._=function Bk(){return Ic(tk(this,Kf),33)};_.ab=function Ck(){return Ic(tk(this,cg),9)};_.bb=function Dk(){return Ic(tk(this,He),50)};var he=uE(iI,'Registry',154);Yi(155,154,{},Ek);var Hd=uE(iI,'DefaultRegistry',155);Yi(156,1,lI,Fk);_.cb=function Gk(){return new Jo};var Dd=uE(iI,'DefaultRegistry/0methodref$ctor$Type',156);Yi(157,1,lI,Hk);_.cb=function Ik(){return new vu};var Ed=uE(iI,'DefaultRegistry/1methodref$ctor$Type',157);Yi(158,1,lI,Jk);_.cb=function Kk(){return new Ul};var Fd=uE(iI,'DefaultRegistry/2methodref$ctor$Type',158);Yi(159,1,lI,Lk);_.cb=function Mk(){return new ir(this.a)};var Gd=uE(iI,'DefaultRegistry/lambda$3$Type',159);Yi(72,1,{72:1},$k);var Nk,Ok,Pk,Qk=0;var Td=uE(iI,'DependencyLoader',72);Yi(203,1,nI,cl);_.db=function dl(a,b){xn(this.a,a,Ic(b,24))};var Id=uE(iI,'DependencyLoader/0methodref$inlineStyleSheet$Type',203);var ne=wE(iI,'ResourceLoader/ResourceLoadListener');Yi(199,1,oI,el);_.eb=function fl(a){jk("'"+a.a+"' could not be loaded.");_k()};_.fb=function gl(a){_k()};var Jd=uE(iI,'DependencyLoader/1',199);Yi(204,1,nI,hl);_.db=function il(a,b){An(this.a,a,Ic(b,24))};var Kd=uE(iI,'DependencyLoader/1methodref$loadStylesheet$Type',204);Yi(200,1,oI,jl);_.eb=function kl(a){jk(a.a+' could not be loaded.')};_.fb=function ll(a){};var Ld=uE(iI,'DependencyLoader/2',200);Yi(205,1,nI,ml);_.db=function nl(a,b){wn(this.a,a,Ic(b,24))};var Md=uE(iI,'DependencyLoader/2methodref$inlineScript$Type',205);Yi(208,1,nI,ol);_.db=function pl(a,b){yn(a,Ic(b,24))};var Nd=uE(iI,'DependencyLoader/3methodref$loadDynamicImport$Type',208);Yi(209,1,pI,ql);_.J=function rl(){_k()};var Od=uE(iI,'DependencyLoader/4methodref$endEagerDependencyLoading$Type',209);Yi(353,$wnd.Function,{},sl);_.db=function tl(a,b){Uk(this.a,this.b,Nc(a),Ic(b,44))};Yi(354,$wnd.Function,{},ul);_.db=function vl(a,b){al(this.a,Ic(a,48),Pc(b))};Yi(202,1,qI,wl);_.D=function xl(){Vk(this.a)};var Pd=uE(iI,'DependencyLoader/lambda$2$Type',202);Yi(201,1,{},yl);_.D=function zl(){Wk(this.a)};var Qd=uE(iI,'DependencyLoader/lambda$3$Type',201);Yi(355,$wnd.Function,{},Al);_.db=function Bl(a,b){Ic(a,48).db(Pc(b),(Rk(),Ok))};Yi(206,1,nI,Cl);_.db=function Dl(a,b){Rk();zn(this.a,a,Ic(b,24),true,rI)};var Rd=uE(iI,'DependencyLoader/lambda$8$Type',206);Yi(207,1,nI,El);_.db=function Fl(a,b){Rk();zn(this.a,a,Ic(b,24),true,'module')};var Sd=uE(iI,'DependencyLoader/lambda$9$Type',207);Yi(308,1,pI,Ol);_.J=function Pl(){pC(new Ql(this.a,this.b))};var Ud=uE(iI,'ExecuteJavaScriptElementUtils/lambda$0$Type',308);var sh=wE(vI,'FlushListener');Yi(307,1,wI,Ql);_.gb=function Rl(){Ll(this.a,this.b)};var Vd=uE(iI,'ExecuteJavaScriptElementUtils/lambda$1$Type',307);Yi(62,1,{62:1},Ul);var Wd=uE(iI,'ExistingElementMap',62);Yi(51,1,{51:1},bm);var Yd=uE(iI,'InitialPropertiesHandler',51);Yi(356,$wnd.Function,{},dm);_.hb=function em(a){$l(this.a,this.b,Kc(a))};Yi(216,1,wI,fm);_.gb=function gm(){Wl(this.a,this.b)};var Xd=uE(iI,'InitialPropertiesHandler/lambda$1$Type',216);Yi(357,$wnd.Function,{},hm);_.db=function im(a,b){cm(this.a,Ic(a,16),Pc(b))};var lm;Yi(296,1,kI,Jm);_.W=function Km(a){return Im(a)};var Zd=uE(iI,'PolymerUtils/0methodref$createModelTree$Type',296);Yi(378,$wnd.Function,{},Lm);_.hb=function Mm(a){Ic(a,46).Gb()};Yi(377,$wnd.Function,{},Nm);_.hb=function Om(a){Ic(a,14).J()};Yi(297,1,BI,Pm);_.ib=function Qm(a){Bm(this.a,a)};var $d=uE(iI,'PolymerUtils/lambda$1$Type',297);Yi(90,1,wI,Rm);_.gb=function Sm(){qm(this.b,this.a)};var _d=uE(iI,'PolymerUtils/lambda$10$Type',90);Yi(298,1,{105:1},Tm);_.jb=function Um(a){this.a.forEach($i(Lm.prototype.hb,Lm,[]))};var ae=uE(iI,'PolymerUtils/lambda$2$Type',298);Yi(300,1,CI,Vm);_.kb=function Wm(a){Cm(this.a,this.b,a)};var be=uE(iI,'PolymerUtils/lambda$4$Type',300);Yi(299,1,DI,Xm);_.lb=function Ym(a){oC(new Rm(this.a,this.b))};var ce=uE(iI,'PolymerUtils/lambda$5$Type',299);Yi(375,$wnd.Function,{},Zm);_.db=function $m(a,b){var c;Dm(this.a,this.b,(c=Ic(a,16),Pc(b),c))};Yi(301,1,DI,_m);_.lb=function an(a){oC(new Rm(this.a,this.b))};var de=uE(iI,'PolymerUtils/lambda$7$Type',301);Yi(302,1,wI,bn);_.gb=function cn(){pm(this.a,this.b)};var ee=uE(iI,'PolymerUtils/lambda$8$Type',302);Yi(376,$wnd.Function,{},dn);_.hb=function en(a){this.a.push(nm(a))};var fn;Yi(113,1,{},kn);_.mb=function ln(){return (new Date).getTime()};var fe=uE(iI,'Profiler/DefaultRelativeTimeSupplier',113);Yi(112,1,{},mn);_.mb=function nn(){return $wnd.performance.now()};var ge=uE(iI,'Profiler/HighResolutionTimeSupplier',112);Yi(349,$wnd.Function,{},pn);_.db=function qn(a,b){uk(this.a,Ic(a,25),Ic(b,68))};Yi(60,1,{60:1},Cn);_.d=false;var te=uE(iI,'ResourceLoader',60);Yi(192,1,{},In);_.C=function Jn(){var a;a=Gn(this.d);if(Gn(this.d)>0){un(this.b,this.c);return false}else if(a==0){tn(this.b,this.c);return true}else if(Q(this.a)>60000){tn(this.b,this.c);return false}else{return true}};var ie=uE(iI,'ResourceLoader/1',192);Yi(193,39,{},Kn);_.J=function Ln(){this.a.b.has(this.c)||tn(this.a,this.b)};var je=uE(iI,'ResourceLoader/2',193);Yi(197,39,{},Mn);_.J=function Nn(){this.a.b.has(this.c)?un(this.a,this.b):tn(this.a,this.b)};var ke=uE(iI,'ResourceLoader/3',197);Yi(198,1,oI,On);_.eb=function Pn(a){tn(this.a,a)};_.fb=function Qn(a){un(this.a,a)};var le=uE(iI,'ResourceLoader/4',198);Yi(64,1,{},Rn);var me=uE(iI,'ResourceLoader/ResourceLoadEvent',64);Yi(100,1,oI,Sn);_.eb=function Tn(a){tn(this.a,a)};_.fb=function Un(a){un(this.a,a)};var oe=uE(iI,'ResourceLoader/SimpleLoadListener',100);Yi(191,1,oI,Vn);_.eb=function Wn(a){tn(this.a,a)};_.fb=function Xn(a){var b;if((!ak&&(ak=new ck),ak).a.c||(!ak&&(ak=new ck),ak).a.g||(!ak&&(ak=new ck),ak).a.d){b=Gn(this.b);if(b==0){tn(this.a,a);return}}un(this.a,a)};var pe=uE(iI,'ResourceLoader/StyleSheetLoadListener',191);Yi(194,1,lI,Yn);_.cb=function Zn(){return this.a.call(null)};var qe=uE(iI,'ResourceLoader/lambda$0$Type',194);Yi(195,1,pI,$n);_.J=function _n(){this.b.fb(this.a)};var re=uE(iI,'ResourceLoader/lambda$1$Type',195);Yi(196,1,pI,ao);_.J=function bo(){this.b.eb(this.a)};var se=uE(iI,'ResourceLoader/lambda$2$Type',196);Yi(22,1,{22:1},lo);_.b=false;var Be=uE(iI,'SystemErrorHandler',22);Yi(166,1,{},no);_.hb=function oo(a){io(Pc(a))};var ue=uE(iI,'SystemErrorHandler/0methodref$recreateNodes$Type',166);Yi(162,1,{},qo);_.nb=function ro(a,b){var c;hr(Ic(tk(this.a.a,_e),27),Ic(tk(this.a.a,td),7).d);c=b;co(c.w())};_.ob=function so(a){var b,c,d,e;nk('Received xhr HTTP session resynchronization message: '+a.responseText);hr(Ic(tk(this.a.a,_e),27),-1);e=Ic(tk(this.a.a,td),7).k;b=Wr(Xr(a.responseText));c=b['uiId'];if(c!=e){gk&&HD($wnd.console,'UI ID switched from '+e+' to '+c+' after resynchronization');Ej(Ic(tk(this.a.a,td),7),c)}vk(this.a.a);Io(Ic(tk(this.a.a,Ge),13),(Yo(),Wo));Jr(Ic(tk(this.a.a,pf),21),b);d=_s(GA(FB(Ru(Ic(tk(Ic(tk(this.a.a,Bf),37).a,cg),9).e,5),GI)));d?Do((Qb(),Pb),new to(this)):Do((Qb(),Pb),new xo(this))};var ye=uE(iI,'SystemErrorHandler/1',162);Yi(164,1,{},to);_.D=function uo(){po(this.a)};var ve=uE(iI,'SystemErrorHandler/1/lambda$0$Type',164);Yi(163,1,{},vo);_.D=function wo(){jo(this.a.a)};var we=uE(iI,'SystemErrorHandler/1/lambda$1$Type',163);Yi(165,1,{},xo);_.D=function yo(){jo(this.a.a)};var xe=uE(iI,'SystemErrorHandler/1/lambda$2$Type',165);Yi(160,1,{},zo);_.V=function Ao(a){gp(this.a)};var ze=uE(iI,'SystemErrorHandler/lambda$0$Type',160);Yi(161,1,{},Bo);_.V=function Co(a){mo(this.a,a)};var Ae=uE(iI,'SystemErrorHandler/lambda$1$Type',161);Yi(134,130,{},Eo);_.a=0;var De=uE(iI,'TrackingScheduler',134);Yi(135,1,{},Fo);_.D=function Go(){this.a.a--};var Ce=uE(iI,'TrackingScheduler/lambda$0$Type',135);Yi(13,1,{13:1},Jo);var Ge=uE(iI,'UILifecycle',13);Yi(170,332,{},Lo);_.L=function Mo(a){Ic(a,91).pb(this)};_.M=function No(){return Ko};var Ko=null;var Ee=uE(iI,'UILifecycle/StateChangeEvent',170);Yi(20,1,{4:1,31:1,20:1});_.n=function Ro(a){return this===a};_.p=function So(){return IH(this)};_.q=function To(){return this.b!=null?this.b:''+this.c};_.c=0;var Xh=uE(UH,'Enum',20);Yi(63,20,{63:1,4:1,31:1,20:1},Zo);var Vo,Wo,Xo;var Fe=vE(iI,'UILifecycle/UIState',63,$o);Yi(331,1,WH);var Eh=uE(HI,'VaadinUriResolver',331);Yi(50,331,{50:1,4:1},dp);_.qb=function ep(a){return cp(this,a)};var He=uE(iI,'URIResolver',50);var jp=false,kp;Yi(114,1,{},up);_.D=function vp(){qp(this.a)};var Ie=uE('com.vaadin.client.bootstrap','Bootstrapper/lambda$0$Type',114);Yi(87,1,{},Mp);_.rb=function Op(){return Ic(tk(this.d,pf),21).f};_.sb=function Qp(a){this.f=(iq(),gq);ho(Ic(tk(Ic(tk(this.d,Re),18).c,Be),22),'','Client unexpectedly disconnected. Ensure client timeout is disabled.','',null,null)};_.tb=function Rp(a){this.f=(iq(),fq);Ic(tk(this.d,Re),18);gk&&($wnd.console.debug('Push connection closed'),undefined)};_.ub=function Sp(a){this.f=(iq(),gq);wq(Ic(tk(this.d,Re),18),'Push connection using '+a[MI]+' failed!')};_.vb=function Tp(a){var b,c;c=a['responseBody'];b=Wr(Xr(c));if(!b){Eq(Ic(tk(this.d,Re),18),this,c);return}else{hk('Received push ('+this.g+') message: '+c);Jr(Ic(tk(this.d,pf),21),b)}};_.wb=function Up(a){hk('Push connection established using '+a[MI]);Jp(this,a)};_.xb=function Vp(a,b){this.f==(iq(),eq)&&(this.f=fq);Hq(Ic(tk(this.d,Re),18),this)};_.yb=function Wp(a){hk('Push connection re-established using '+a[MI]);Jp(this,a)};_.zb=function Xp(){ok('Push connection using primary method ('+this.a[MI]+') failed. Trying with '+this.a['fallbackTransport'])};var Qe=uE(QI,'AtmospherePushConnection',87);Yi(249,1,{},Yp);_.D=function Zp(){Ap(this.a)};var Je=uE(QI,'AtmospherePushConnection/0methodref$connect$Type',249);Yi(251,1,oI,$p);_.eb=function _p(a){Iq(Ic(tk(this.a.d,Re),18),a.a)};_.fb=function aq(a){if(Pp()){hk(this.c+' loaded');Ip(this.b.a)}else{Iq(Ic(tk(this.a.d,Re),18),a.a)}};var Ke=uE(QI,'AtmospherePushConnection/1',251);Yi(246,1,{},dq);_.a=0;var Le=uE(QI,'AtmospherePushConnection/FragmentedMessage',246);Yi(53,20,{53:1,4:1,31:1,20:1},jq);var eq,fq,gq,hq;var Me=vE(QI,'AtmospherePushConnection/State',53,kq);Yi(248,1,RI,lq);_.pb=function mq(a){Gp(this.a,a)};var Ne=uE(QI,'AtmospherePushConnection/lambda$0$Type',248);Yi(247,1,qI,nq);_.D=function oq(){};var Oe=uE(QI,'AtmospherePushConnection/lambda$1$Type',247);Yi(364,$wnd.Function,{},pq);_.db=function qq(a,b){Hp(this.a,Pc(a),Pc(b))};Yi(250,1,qI,rq);_.D=function sq(){Ip(this.a)};var Pe=uE(QI,'AtmospherePushConnection/lambda$3$Type',250);var Re=wE(QI,'ConnectionStateHandler');Yi(220,1,{18:1},Qq);_.a=0;_.b=null;var Xe=uE(QI,'DefaultConnectionStateHandler',220);Yi(222,39,{},Rq);_.J=function Sq(){!!this.a.d&&ej(this.a.d);this.a.d=null;hk('Scheduled reconnect attempt '+this.a.a+' for '+this.b);uq(this.a,this.b)};var Se=uE(QI,'DefaultConnectionStateHandler/1',222);Yi(65,20,{65:1,4:1,31:1,20:1},Yq);_.a=0;var Tq,Uq,Vq;var Te=vE(QI,'DefaultConnectionStateHandler/Type',65,Zq);Yi(221,1,RI,$q);_.pb=function _q(a){Cq(this.a,a)};var Ue=uE(QI,'DefaultConnectionStateHandler/lambda$0$Type',221);Yi(223,1,{},ar);_.V=function br(a){vq(this.a)};var Ve=uE(QI,'DefaultConnectionStateHandler/lambda$1$Type',223);Yi(224,1,{},cr);_.V=function dr(a){Dq(this.a)};var We=uE(QI,'DefaultConnectionStateHandler/lambda$2$Type',224);Yi(27,1,{27:1},ir);_.a=-1;var _e=uE(QI,'Heartbeat',27);Yi(217,39,{},jr);_.J=function kr(){gr(this.a)};var Ye=uE(QI,'Heartbeat/1',217);Yi(219,1,{},lr);_.nb=function mr(a,b){!b?this.a.a<0?gk&&($wnd.console.debug('Heartbeat terminated, ignoring failure.'),undefined):Aq(Ic(tk(this.a.b,Re),18),a):zq(Ic(tk(this.a.b,Re),18),b);fr(this.a)};_.ob=function nr(a){Bq(Ic(tk(this.a.b,Re),18));fr(this.a)};var Ze=uE(QI,'Heartbeat/2',219);Yi(218,1,RI,or);_.pb=function pr(a){er(this.a,a)};var $e=uE(QI,'Heartbeat/lambda$0$Type',218);Yi(172,1,{},tr);_.hb=function ur(a){ek('firstDelay',VE(Ic(a,26).a))};var af=uE(QI,'LoadingIndicatorConfigurator/0methodref$setFirstDelay$Type',172);Yi(173,1,{},vr);_.hb=function wr(a){ek('secondDelay',VE(Ic(a,26).a))};var bf=uE(QI,'LoadingIndicatorConfigurator/1methodref$setSecondDelay$Type',173);Yi(174,1,{},xr);_.hb=function yr(a){ek('thirdDelay',VE(Ic(a,26).a))};var cf=uE(QI,'LoadingIndicatorConfigurator/2methodref$setThirdDelay$Type',174);Yi(175,1,DI,zr);_.lb=function Ar(a){sr(JA(Ic(a.e,16)))};var df=uE(QI,'LoadingIndicatorConfigurator/lambda$3$Type',175);Yi(176,1,DI,Br);_.lb=function Cr(a){rr(this.b,this.a,a)};_.a=0;var ef=uE(QI,'LoadingIndicatorConfigurator/lambda$4$Type',176);Yi(21,1,{21:1},Tr);_.a=0;_.b='init';_.d=false;_.e=0;_.f=-1;_.h=null;_.l=0;var pf=uE(QI,'MessageHandler',21);Yi(183,1,qI,Yr);_.D=function Zr(){!rA&&$wnd.Polymer!=null&&gF($wnd.Polymer.version.substr(0,'1.'.length),'1.')&&(rA=true,gk&&($wnd.console.debug('Polymer micro is now loaded, using Polymer DOM API'),undefined),qA=new tA,undefined)};var ff=uE(QI,'MessageHandler/0methodref$updateApiImplementation$Type',183);Yi(182,39,{},$r);_.J=function _r(){Fr(this.a)};var gf=uE(QI,'MessageHandler/1',182);Yi(352,$wnd.Function,{},as);_.hb=function bs(a){Dr(Ic(a,6))};Yi(52,1,{52:1},cs);var hf=uE(QI,'MessageHandler/PendingUIDLMessage',52);Yi(184,1,qI,ds);_.D=function es(){Qr(this.a,this.d,this.b,this.c)};_.c=0;var jf=uE(QI,'MessageHandler/lambda$1$Type',184);Yi(186,1,wI,fs);_.gb=function gs(){pC(new hs(this.a,this.b))};var kf=uE(QI,'MessageHandler/lambda$3$Type',186);Yi(185,1,wI,hs);_.gb=function is(){Nr(this.a,this.b)};var lf=uE(QI,'MessageHandler/lambda$4$Type',185);Yi(187,1,{},js);_.C=function ks(){return fo(Ic(tk(this.a.i,Be),22),null),false};var mf=uE(QI,'MessageHandler/lambda$5$Type',187);Yi(189,1,wI,ls);_.gb=function ms(){Or(this.a)};var nf=uE(QI,'MessageHandler/lambda$6$Type',189);Yi(188,1,{},ns);_.D=function os(){this.a.forEach($i(as.prototype.hb,as,[]))};var of=uE(QI,'MessageHandler/lambda$7$Type',188);Yi(15,1,{15:1},Ds);_.a=0;_.g=0;var tf=uE(QI,'MessageSender',15);Yi(179,39,{},Fs);_.J=function Gs(){fj(this.a.f,Ic(tk(this.a.e,td),7).e+500);if(!Ic(tk(this.a.e,Gf),12).b){wt(Ic(tk(this.a.e,Gf),12));fu(Ic(tk(this.a.e,Uf),59),this.b)}};var qf=uE(QI,'MessageSender/1',179);Yi(178,1,{336:1},Hs);var rf=uE(QI,'MessageSender/lambda$0$Type',178);Yi(99,1,qI,Is);_.D=function Js(){rs(this.a,this.b)};_.b=false;var sf=uE(QI,'MessageSender/lambda$1$Type',99);Yi(167,1,DI,Ms);_.lb=function Ns(a){Ks(this.a,a)};var uf=uE(QI,'PollConfigurator/lambda$0$Type',167);Yi(73,1,{73:1},Rs);_.Ab=function Ss(){var a;a=Ic(tk(this.b,cg),9);uv(a,a.e,'ui-poll',null)};_.a=null;var xf=uE(QI,'Poller',73);Yi(169,39,{},Ts);_.J=function Us(){var a;a=Ic(tk(this.a.b,cg),9);uv(a,a.e,'ui-poll',null)};var vf=uE(QI,'Poller/1',169);Yi(168,1,RI,Vs);_.pb=function Ws(a){Os(this.a,a)};var wf=uE(QI,'Poller/lambda$0$Type',168);Yi(37,1,{37:1},$s);var Bf=uE(QI,'PushConfiguration',37);Yi(230,1,DI,bt);_.lb=function ct(a){Zs(this.a,a)};var yf=uE(QI,'PushConfiguration/0methodref$onPushModeChange$Type',230);Yi(231,1,wI,dt);_.gb=function et(){Bs(Ic(tk(this.a.a,tf),15),true)};var zf=uE(QI,'PushConfiguration/lambda$1$Type',231);Yi(232,1,wI,ft);_.gb=function gt(){Bs(Ic(tk(this.a.a,tf),15),false)};var Af=uE(QI,'PushConfiguration/lambda$2$Type',232);Yi(358,$wnd.Function,{},ht);_.db=function it(a,b){at(this.a,Ic(a,16),Pc(b))};Yi(38,1,{38:1},jt);var Df=uE(QI,'ReconnectConfiguration',38);Yi(171,1,qI,kt);_.D=function lt(){tq(this.a)};var Cf=uE(QI,'ReconnectConfiguration/lambda$0$Type',171);Yi(180,332,{},ot);_.L=function pt(a){nt(this,Ic(a,336))};_.M=function qt(){return mt};_.a=0;var mt=null;var Ef=uE(QI,'ReconnectionAttemptEvent',180);Yi(12,1,{12:1},xt);_.b=false;var Gf=uE(QI,'RequestResponseTracker',12);Yi(181,1,{},yt);_.D=function zt(){vt(this.a)};var Ff=uE(QI,'RequestResponseTracker/lambda$0$Type',181);Yi(245,332,{},At);_.L=function Bt(a){bd(a);null.nc()};_.M=function Ct(){return null};var Hf=uE(QI,'RequestStartingEvent',245);Yi(229,332,{},Et);_.L=function Ft(a){Ic(a,337).a.b=false};_.M=function Gt(){return Dt};var Dt;var If=uE(QI,'ResponseHandlingEndedEvent',229);Yi(289,332,{},Ht);_.L=function It(a){bd(a);null.nc()};_.M=function Jt(){return null};var Jf=uE(QI,'ResponseHandlingStartedEvent',289);Yi(33,1,{33:1},Rt);_.Bb=function St(a,b,c){Kt(this,a,b,c)};_.Cb=function Tt(a,b,c){var d;d={};d[mI]='channel';d[cJ]=Object(a);d['channel']=Object(b);d['args']=c;Ot(this,d)};var Kf=uE(QI,'ServerConnector',33);Yi(36,1,{36:1},Zt);_.b=false;var Ut;var Of=uE(QI,'ServerRpcQueue',36);Yi(211,1,pI,$t);_.J=function _t(){Xt(this.a)};var Lf=uE(QI,'ServerRpcQueue/0methodref$doFlush$Type',211);Yi(210,1,pI,au);_.J=function bu(){Vt()};var Mf=uE(QI,'ServerRpcQueue/lambda$0$Type',210);Yi(212,1,{},cu);_.D=function du(){this.a.a.J()};var Nf=uE(QI,'ServerRpcQueue/lambda$2$Type',212);Yi(59,1,{59:1},gu);_.b=false;var Uf=uE(QI,'XhrConnection',59);Yi(228,39,{},iu);_.J=function ju(){hu(this.b)&&this.a.b&&fj(this,250)};var Pf=uE(QI,'XhrConnection/1',228);Yi(225,1,{},lu);_.nb=function mu(a,b){var c;c=new ru(a,this.a);if(!b){Oq(Ic(tk(this.c.a,Re),18),c);return}else{Mq(Ic(tk(this.c.a,Re),18),c)}};_.ob=function nu(a){var b,c;hk('Server visit took '+hn(this.b)+'ms');c=a.responseText;b=Wr(Xr(c));if(!b){Nq(Ic(tk(this.c.a,Re),18),new ru(a,this.a));return}Pq(Ic(tk(this.c.a,Re),18));gk&&HD($wnd.console,'Received xhr message: '+c);Jr(Ic(tk(this.c.a,pf),21),b)};_.b=0;var Qf=uE(QI,'XhrConnection/XhrResponseHandler',225);Yi(226,1,{},ou);_.V=function pu(a){this.a.b=true};var Rf=uE(QI,'XhrConnection/lambda$0$Type',226);Yi(227,1,{337:1},qu);var Sf=uE(QI,'XhrConnection/lambda$1$Type',227);Yi(103,1,{},ru);var Tf=uE(QI,'XhrConnectionError',103);Yi(61,1,{61:1},vu);var Vf=uE(fJ,'ConstantPool',61);Yi(84,1,{84:1},Du);_.Db=function Eu(){return Ic(tk(this.a,td),7).a};var Zf=uE(fJ,'ExecuteJavaScriptProcessor',84);Yi(214,1,kI,Fu);_.W=function Gu(a){var b;return pC(new Hu(this.a,(b=this.b,b))),kE(),true};var Wf=uE(fJ,'ExecuteJavaScriptProcessor/lambda$0$Type',214);Yi(213,1,wI,Hu);_.gb=function Iu(){yu(this.a,this.b)};var Xf=uE(fJ,'ExecuteJavaScriptProcessor/lambda$1$Type',213);Yi(215,1,pI,Ju);_.J=function Ku(){Cu(this.a)};var Yf=uE(fJ,'ExecuteJavaScriptProcessor/lambda$2$Type',215);Yi(306,1,{},Lu);var $f=uE(fJ,'NodeUnregisterEvent',306);Yi(6,1,{6:1},Yu);_.Eb=function Zu(){return Pu(this)};_.Fb=function $u(){return this.g};_.d=0;_.i=false;var bg=uE(fJ,'StateNode',6);Yi(345,$wnd.Function,{},av);_.db=function bv(a,b){Su(this.a,this.b,Ic(a,34),Kc(b))};Yi(346,$wnd.Function,{},cv);_.hb=function dv(a){_u(this.a,Ic(a,105))};var Hh=wE('elemental.events','EventRemover');Yi(152,1,jJ,ev);_.Gb=function fv(){Tu(this.a,this.b)};var _f=uE(fJ,'StateNode/lambda$2$Type',152);Yi(347,$wnd.Function,{},gv);_.hb=function hv(a){Uu(this.a,Ic(a,57))};Yi(153,1,jJ,iv);_.Gb=function jv(){Vu(this.a,this.b)};var ag=uE(fJ,'StateNode/lambda$4$Type',153);Yi(9,1,{9:1},Av);_.Hb=function Bv(){return this.e};_.Ib=function Dv(a,b,c,d){var e;if(pv(this,a)){e=Nc(c);Qt(Ic(tk(this.c,Kf),33),a,b,e,d)}};_.d=false;_.f=false;var cg=uE(fJ,'StateTree',9);Yi(350,$wnd.Function,{},Ev);_.hb=function Fv(a){Ou(Ic(a,6),$i(Iv.prototype.db,Iv,[]))};Yi(351,$wnd.Function,{},Gv);_.db=function Hv(a,b){var c;rv(this.a,(c=Ic(a,6),Kc(b),c))};Yi(335,$wnd.Function,{},Iv);_.db=function Jv(a,b){Cv(Ic(a,34),Kc(b))};var Rv,Sv;Yi(177,1,{},Xv);var dg=uE(qJ,'Binder/BinderContextImpl',177);var eg=wE(qJ,'BindingStrategy');Yi(79,1,{79:1},aw);_.j=0;var Yv;var hg=uE(qJ,'Debouncer',79);Yi(381,$wnd.Function,{},ew);_.hb=function fw(a){Ic(a,14).J()};Yi(334,1,{});_.c=false;_.d=0;var Lh=uE(tJ,'Timer',334);Yi(309,334,{},kw);var fg=uE(qJ,'Debouncer/1',309);Yi(310,334,{},mw);var gg=uE(qJ,'Debouncer/2',310);Yi(382,$wnd.Function,{},ow);_.db=function pw(a,b){var c;nw(this,(c=Oc(a,$wnd.Map),Nc(b),c))};Yi(383,$wnd.Function,{},sw);_.hb=function tw(a){qw(this.a,Oc(a,$wnd.Map))};Yi(384,$wnd.Function,{},uw);_.hb=function vw(a){rw(this.a,Ic(a,79))};Yi(380,$wnd.Function,{},ww);_.db=function xw(a,b){cw(this.a,Ic(a,14),Pc(b))};Yi(303,1,lI,Bw);_.cb=function Cw(){return Ow(this.a)};var ig=uE(qJ,'ServerEventHandlerBinder/lambda$0$Type',303);Yi(304,1,BI,Dw);_.ib=function Ew(a){Aw(this.b,this.a,this.c,a)};_.c=false;var jg=uE(qJ,'ServerEventHandlerBinder/lambda$1$Type',304);var Fw;Yi(252,1,{313:1},Nx);_.Jb=function Ox(a,b,c){Ww(this,a,b,c)};_.Kb=function Rx(a){return ex(a)};_.Mb=function Wx(a,b){var c,d,e;d=Object.keys(a);e=new Pz(d,a,b);c=Ic(b.e.get(lg),76);!c?Cx(e.b,e.a,e.c):(c.a=e)};_.Nb=function Xx(r,s){var t=this;var u=s._propertiesChanged;u&&(s._propertiesChanged=function(a,b,c){QH(function(){t.Mb(b,r)})();u.apply(this,arguments)});var v=r.Fb();var w=s.ready;s.ready=function(){w.apply(this,arguments);rm(s);var q=function(){var o=s.root.querySelector(BJ);if(o){s.removeEventListener(CJ,q)}else{return}if(!o.constructor.prototype.$propChangedModified){o.constructor.prototype.$propChangedModified=true;var p=o.constructor.prototype._propertiesChanged;o.constructor.prototype._propertiesChanged=function(a,b,c){p.apply(this,arguments);var d=Object.getOwnPropertyNames(b);var e='items.';var f;for(f=0;f<d.length;f++){var g=d[f].indexOf(e);if(g==0){var h=d[f].substr(e.length);g=h.indexOf('.');if(g>0){var i=h.substr(0,g);var j=h.substr(g+1);var k=a.items[i];if(k&&k.nodeId){var l=k.nodeId;var m=k[j];var n=this.__dataHost;while(!n.localName||n.__dataHost){n=n.__dataHost}QH(function(){Vx(l,n,j,m,v)})()}}}}}}};s.root&&s.root.querySelector(BJ)?q():s.addEventListener(CJ,q)}};_.Lb=function Yx(a){if(a.c.has(0)){return true}return !!a.g&&K(a,a.g.e)};var Qw,Rw;var Tg=uE(qJ,'SimpleElementBindingStrategy',252);Yi(369,$wnd.Function,{},ny);_.hb=function oy(a){Ic(a,46).Gb()};Yi(373,$wnd.Function,{},py);_.hb=function qy(a){Ic(a,14).J()};Yi(101,1,{},ry);var kg=uE(qJ,'SimpleElementBindingStrategy/BindingContext',101);Yi(76,1,{76:1},sy);var lg=uE(qJ,'SimpleElementBindingStrategy/InitialPropertyUpdate',76);Yi(253,1,{},ty);_.Ob=function uy(a){qx(this.a,a)};var mg=uE(qJ,'SimpleElementBindingStrategy/lambda$0$Type',253);Yi(254,1,{},vy);_.Ob=function wy(a){rx(this.a,a)};var ng=uE(qJ,'SimpleElementBindingStrategy/lambda$1$Type',254);Yi(365,$wnd.Function,{},xy);_.db=function yy(a,b){var c;Zx(this.b,this.a,(c=Ic(a,16),Pc(b),c))};Yi(263,1,CI,zy);_.kb=function Ay(a){$x(this.b,this.a,a)};var og=uE(qJ,'SimpleElementBindingStrategy/lambda$11$Type',263);Yi(264,1,DI,By);_.lb=function Cy(a){Kx(this.c,this.b,this.a)};var pg=uE(qJ,'SimpleElementBindingStrategy/lambda$12$Type',264);Yi(265,1,wI,Dy);_.gb=function Ey(){sx(this.b,this.c,this.a)};var qg=uE(qJ,'SimpleElementBindingStrategy/lambda$13$Type',265);Yi(266,1,qI,Fy);_.D=function Gy(){this.b.Ob(this.a)};var rg=uE(qJ,'SimpleElementBindingStrategy/lambda$14$Type',266);Yi(267,1,kI,Iy);_.W=function Jy(a){return Hy(this,a)};var sg=uE(qJ,'SimpleElementBindingStrategy/lambda$15$Type',267);Yi(268,1,qI,Ky);_.D=function Ly(){this.a[this.b]=nm(this.c)};var tg=uE(qJ,'SimpleElementBindingStrategy/lambda$16$Type',268);Yi(270,1,BI,My);_.ib=function Ny(a){tx(this.a,a)};var ug=uE(qJ,'SimpleElementBindingStrategy/lambda$17$Type',270);Yi(269,1,wI,Oy);_.gb=function Py(){lx(this.b,this.a)};var vg=uE(qJ,'SimpleElementBindingStrategy/lambda$18$Type',269);Yi(272,1,BI,Qy);_.ib=function Ry(a){ux(this.a,a)};var wg=uE(qJ,'SimpleElementBindingStrategy/lambda$19$Type',272);Yi(255,1,{},Sy);_.Ob=function Ty(a){vx(this.a,a)};var xg=uE(qJ,'SimpleElementBindingStrategy/lambda$2$Type',255);Yi(271,1,wI,Uy);_.gb=function Vy(){wx(this.b,this.a)};var yg=uE(qJ,'SimpleElementBindingStrategy/lambda$20$Type',271);Yi(273,1,pI,Wy);_.J=function Xy(){nx(this.a,this.b,this.c,false)};var zg=uE(qJ,'SimpleElementBindingStrategy/lambda$21$Type',273);Yi(274,1,pI,Yy);_.J=function Zy(){nx(this.a,this.b,this.c,false)};var Ag=uE(qJ,'SimpleElementBindingStrategy/lambda$22$Type',274);Yi(275,1,pI,$y);_.J=function _y(){px(this.a,this.b,this.c,false)};var Bg=uE(qJ,'SimpleElementBindingStrategy/lambda$23$Type',275);Yi(276,1,lI,az);_.cb=function bz(){return ay(this.a,this.b)};var Cg=uE(qJ,'SimpleElementBindingStrategy/lambda$24$Type',276);Yi(277,1,pI,cz);_.J=function dz(){gx(this.b,this.e,false,this.c,this.d,this.a)};var Dg=uE(qJ,'SimpleElementBindingStrategy/lambda$25$Type',277);Yi(278,1,lI,ez);_.cb=function fz(){return by(this.a,this.b)};var Eg=uE(qJ,'SimpleElementBindingStrategy/lambda$26$Type',278);Yi(279,1,lI,gz);_.cb=function hz(){return cy(this.a,this.b)};var Fg=uE(qJ,'SimpleElementBindingStrategy/lambda$27$Type',279);Yi(366,$wnd.Function,{},iz);_.db=function jz(a,b){var c;dC((c=Ic(a,74),Pc(b),c))};Yi(256,1,{105:1},kz);_.jb=function lz(a){Dx(this.c,this.b,this.a)};var Gg=uE(qJ,'SimpleElementBindingStrategy/lambda$3$Type',256);Yi(367,$wnd.Function,{},mz);_.hb=function nz(a){dy(this.a,Oc(a,$wnd.Map))};Yi(368,$wnd.Function,{},oz);_.db=function pz(a,b){var c;(c=Ic(a,46),Pc(b),c).Gb()};Yi(370,$wnd.Function,{},qz);_.db=function rz(a,b){var c;xx(this.a,(c=Ic(a,16),Pc(b),c))};Yi(280,1,CI,sz);_.kb=function tz(a){yx(this.a,a)};var Hg=uE(qJ,'SimpleElementBindingStrategy/lambda$34$Type',280);Yi(281,1,qI,uz);_.D=function vz(){zx(this.b,this.a,this.c)};var Ig=uE(qJ,'SimpleElementBindingStrategy/lambda$35$Type',281);Yi(282,1,{},wz);_.V=function xz(a){Ax(this.a,a)};var Jg=uE(qJ,'SimpleElementBindingStrategy/lambda$36$Type',282);Yi(371,$wnd.Function,{},yz);_.hb=function zz(a){ey(this.b,this.a,Pc(a))};Yi(372,$wnd.Function,{},Az);_.hb=function Bz(a){Bx(this.a,this.b,Pc(a))};Yi(283,1,{},Cz);_.hb=function Dz(a){ly(this.b,this.c,this.a,Pc(a))};var Kg=uE(qJ,'SimpleElementBindingStrategy/lambda$39$Type',283);Yi(258,1,wI,Ez);_.gb=function Fz(){fy(this.a)};var Lg=uE(qJ,'SimpleElementBindingStrategy/lambda$4$Type',258);Yi(284,1,BI,Gz);_.ib=function Hz(a){gy(this.a,a)};var Mg=uE(qJ,'SimpleElementBindingStrategy/lambda$41$Type',284);Yi(285,1,lI,Iz);_.cb=function Jz(){return this.a.b};var Ng=uE(qJ,'SimpleElementBindingStrategy/lambda$42$Type',285);Yi(374,$wnd.Function,{},Kz);_.hb=function Lz(a){this.a.push(Ic(a,6))};Yi(257,1,{},Mz);_.D=function Nz(){hy(this.a)};var Og=uE(qJ,'SimpleElementBindingStrategy/lambda$5$Type',257);Yi(260,1,pI,Pz);_.J=function Qz(){Oz(this)};var Pg=uE(qJ,'SimpleElementBindingStrategy/lambda$6$Type',260);Yi(259,1,lI,Rz);_.cb=function Sz(){return this.a[this.b]};var Qg=uE(qJ,'SimpleElementBindingStrategy/lambda$7$Type',259);Yi(262,1,CI,Tz);_.kb=function Uz(a){oC(new Vz(this.a))};var Rg=uE(qJ,'SimpleElementBindingStrategy/lambda$8$Type',262);Yi(261,1,wI,Vz);_.gb=function Wz(){Vw(this.a)};var Sg=uE(qJ,'SimpleElementBindingStrategy/lambda$9$Type',261);Yi(286,1,{313:1},_z);_.Jb=function aA(a,b,c){Zz(a,b)};_.Kb=function bA(a){return $doc.createTextNode('')};_.Lb=function cA(a){return a.c.has(7)};var Xz;var Wg=uE(qJ,'TextBindingStrategy',286);Yi(287,1,qI,dA);_.D=function eA(){Yz();DD(this.a,Pc(GA(this.b)))};var Ug=uE(qJ,'TextBindingStrategy/lambda$0$Type',287);Yi(288,1,{105:1},fA);_.jb=function gA(a){$z(this.b,this.a)};var Vg=uE(qJ,'TextBindingStrategy/lambda$1$Type',288);Yi(344,$wnd.Function,{},kA);_.hb=function lA(a){this.a.add(a)};Yi(348,$wnd.Function,{},nA);_.db=function oA(a,b){this.a.push(a)};var qA,rA=false;Yi(295,1,{},tA);var Xg=uE('com.vaadin.client.flow.dom','PolymerDomApiImpl',295);Yi(77,1,{77:1},uA);var Yg=uE('com.vaadin.client.flow.model','UpdatableModelProperties',77);Yi(379,$wnd.Function,{},vA);_.hb=function wA(a){this.a.add(Pc(a))};Yi(88,1,{});_.Pb=function yA(){return this.e};var xh=uE(vI,'ReactiveValueChangeEvent',88);Yi(55,88,{55:1},zA);_.Pb=function AA(){return Ic(this.e,29)};_.b=false;_.c=0;var Zg=uE(DJ,'ListSpliceEvent',55);Yi(16,1,{16:1,314:1},PA);_.Qb=function QA(a){return SA(this.a,a)};_.b=false;_.c=false;_.d=false;var BA;var hh=uE(DJ,'MapProperty',16);Yi(86,1,{});var wh=uE(vI,'ReactiveEventRouter',86);Yi(238,86,{},YA);_.Rb=function ZA(a,b){Ic(a,47).lb(Ic(b,78))};_.Sb=function $A(a){return new _A(a)};var _g=uE(DJ,'MapProperty/1',238);Yi(239,1,DI,_A);_.lb=function aB(a){bC(this.a)};var $g=uE(DJ,'MapProperty/1/0methodref$onValueChange$Type',239);Yi(237,1,pI,bB);_.J=function cB(){CA()};var ah=uE(DJ,'MapProperty/lambda$0$Type',237);Yi(240,1,wI,dB);_.gb=function eB(){this.a.d=false};var bh=uE(DJ,'MapProperty/lambda$1$Type',240);Yi(241,1,wI,fB);_.gb=function gB(){this.a.d=false};var dh=uE(DJ,'MapProperty/lambda$2$Type',241);Yi(242,1,pI,hB);_.J=function iB(){LA(this.a,this.b)};var eh=uE(DJ,'MapProperty/lambda$3$Type',242);Yi(89,88,{89:1},jB);_.Pb=function kB(){return Ic(this.e,43)};var fh=uE(DJ,'MapPropertyAddEvent',89);Yi(78,88,{78:1},lB);_.Pb=function mB(){return Ic(this.e,16)};var gh=uE(DJ,'MapPropertyChangeEvent',78);Yi(34,1,{34:1});_.d=0;var ih=uE(DJ,'NodeFeature',34);Yi(29,34,{34:1,29:1,314:1},uB);_.Qb=function vB(a){return SA(this.a,a)};_.Tb=function wB(a){var b,c,d;c=[];for(b=0;b<this.c.length;b++){d=this.c[b];c[c.length]=nm(d)}return c};_.Ub=function xB(){var a,b,c,d;b=[];for(a=0;a<this.c.length;a++){d=this.c[a];c=nB(d);b[b.length]=c}return b};_.b=false;var lh=uE(DJ,'NodeList',29);Yi(292,86,{},yB);_.Rb=function zB(a,b){Ic(a,66).ib(Ic(b,55))};_.Sb=function AB(a){return new BB(a)};var kh=uE(DJ,'NodeList/1',292);Yi(293,1,BI,BB);_.ib=function CB(a){bC(this.a)};var jh=uE(DJ,'NodeList/1/0methodref$onValueChange$Type',293);Yi(43,34,{34:1,43:1,314:1},JB);_.Qb=function KB(a){return SA(this.a,a)};_.Tb=function LB(a){var b;b={};this.b.forEach($i(XB.prototype.db,XB,[a,b]));return b};_.Ub=function MB(){var a,b;a={};this.b.forEach($i(VB.prototype.db,VB,[a]));if((b=WD(a),b).length==0){return null}return a};var oh=uE(DJ,'NodeMap',43);Yi(233,86,{},OB);_.Rb=function PB(a,b){Ic(a,81).kb(Ic(b,89))};_.Sb=function QB(a){return new RB(a)};var nh=uE(DJ,'NodeMap/1',233);Yi(234,1,CI,RB);_.kb=function SB(a){bC(this.a)};var mh=uE(DJ,'NodeMap/1/0methodref$onValueChange$Type',234);Yi(359,$wnd.Function,{},TB);_.db=function UB(a,b){this.a.push((Ic(a,16),Pc(b)))};Yi(360,$wnd.Function,{},VB);_.db=function WB(a,b){IB(this.a,Ic(a,16),Pc(b))};Yi(361,$wnd.Function,{},XB);_.db=function YB(a,b){NB(this.a,this.b,Ic(a,16),Pc(b))};Yi(74,1,{74:1});_.d=false;_.e=false;var rh=uE(vI,'Computation',74);Yi(243,1,wI,eC);_.gb=function fC(){cC(this.a)};var ph=uE(vI,'Computation/0methodref$recompute$Type',243);Yi(244,1,qI,gC);_.D=function hC(){this.a.a.D()};var qh=uE(vI,'Computation/1methodref$doRecompute$Type',244);Yi(363,$wnd.Function,{},iC);_.hb=function jC(a){tC(Ic(a,338).a)};var kC=null,lC,mC=false,nC;Yi(75,74,{74:1},sC);var th=uE(vI,'Reactive/1',75);Yi(235,1,jJ,uC);_.Gb=function vC(){tC(this)};var uh=uE(vI,'ReactiveEventRouter/lambda$0$Type',235);Yi(236,1,{338:1},wC);var vh=uE(vI,'ReactiveEventRouter/lambda$1$Type',236);Yi(362,$wnd.Function,{},xC);_.hb=function yC(a){VA(this.a,this.b,a)};Yi(102,333,{},JC);_.b=0;var Bh=uE(FJ,'SimpleEventBus',102);var yh=wE(FJ,'SimpleEventBus/Command');Yi(290,1,{},KC);var zh=uE(FJ,'SimpleEventBus/lambda$0$Type',290);Yi(291,1,{339:1},LC);var Ah=uE(FJ,'SimpleEventBus/lambda$1$Type',291);Yi(98,1,{},QC);_.K=function RC(a){if(a.readyState==4){if(a.status==200){this.a.ob(a);oj(a);return}this.a.nb(a,null);oj(a)}};var Ch=uE('com.vaadin.client.gwt.elemental.js.util','Xhr/Handler',98);Yi(305,1,WH,$C);_.a=-1;_.b=-1;_.c=false;_.d=false;_.e=false;_.f=false;_.g=false;_.h=false;_.i=false;_.j=false;_.k=false;_.l=false;_.m=false;var Dh=uE(HI,'BrowserDetails',305);Yi(45,20,{45:1,4:1,31:1,20:1},gD);var bD,cD,dD,eD;var Fh=vE(PJ,'Dependency/Type',45,hD);var iD;Yi(44,20,{44:1,4:1,31:1,20:1},oD);var kD,lD,mD;var Gh=vE(PJ,'LoadMode',44,pD);Yi(115,1,jJ,FD);_.Gb=function GD(){uD(this.b,this.c,this.a,this.d)};_.d=false;var Ih=uE('elemental.js.dom','JsElementalMixinBase/Remover',115);Yi(311,1,{},XD);_.Vb=function YD(){jw(this.a)};var Jh=uE(tJ,'Timer/1',311);Yi(312,1,{},ZD);_.Vb=function $D(){lw(this.a)};var Kh=uE(tJ,'Timer/2',312);Yi(327,1,{});var Nh=uE(QJ,'OutputStream',327);Yi(328,327,{});var Mh=uE(QJ,'FilterOutputStream',328);Yi(125,328,{},_D);var Oh=uE(QJ,'PrintStream',125);Yi(83,1,{111:1});_.q=function bE(){return this.a};var Ph=uE(UH,'AbstractStringBuilder',83);Yi(70,10,YH,cE);var ai=uE(UH,'IndexOutOfBoundsException',70);Yi(190,70,YH,dE);var Qh=uE(UH,'ArrayIndexOutOfBoundsException',190);Yi(126,10,YH,eE);var Rh=uE(UH,'ArrayStoreException',126);Yi(41,5,{4:1,41:1,5:1});var Yh=uE(UH,'Error',41);Yi(3,41,{4:1,3:1,41:1,5:1},gE,hE);var Sh=uE(UH,'AssertionError',3);Ec={4:1,116:1,31:1};var iE,jE;var Th=uE(UH,'Boolean',116);Yi(118,10,YH,IE);var Uh=uE(UH,'ClassCastException',118);Yi(82,1,{4:1,82:1});var JE;var fi=uE(UH,'Number',82);Fc={4:1,31:1,117:1,82:1};var Wh=uE(UH,'Double',117);Yi(19,10,YH,PE);var $h=uE(UH,'IllegalArgumentException',19);Yi(42,10,YH,QE);var _h=uE(UH,'IllegalStateException',42);Yi(26,82,{4:1,31:1,26:1,82:1},RE);_.n=function SE(a){return Sc(a,26)&&Ic(a,26).a==this.a};_.p=function TE(){return this.a};_.q=function UE(){return ''+this.a};_.a=0;var bi=uE(UH,'Integer',26);var WE;Yi(484,1,{});Yi(67,56,YH,YE,ZE,$E);_.s=function _E(a){return new TypeError(a)};var di=uE(UH,'NullPointerException',67);Yi(58,19,YH,aF);var ei=uE(UH,'NumberFormatException',58);Yi(30,1,{4:1,30:1},bF);_.n=function cF(a){var b;if(Sc(a,30)){b=Ic(a,30);return this.c==b.c&&this.d==b.d&&this.a==b.a&&this.b==b.b}return false};_.p=function dF(){return eG(Dc(xc(gi,1),WH,1,5,[VE(this.c),this.a,this.d,this.b]))};_.q=function eF(){return this.a+'.'+this.d+'('+(this.b!=null?this.b:'Unknown Source')+(this.c>=0?':'+this.c:'')+')'};_.c=0;var ii=uE(UH,'StackTraceElement',30);Gc={4:1,111:1,31:1,2:1};var li=uE(UH,'String',2);Yi(69,83,{111:1},yF,zF,AF);var ji=uE(UH,'StringBuilder',69);Yi(124,70,YH,BF);var ki=uE(UH,'StringIndexOutOfBoundsException',124);Yi(488,1,{});var CF;Yi(106,1,kI,FF);_.W=function GF(a){return EF(a)};var mi=uE(UH,'Throwable/lambda$0$Type',106);Yi(95,10,YH,HF);var oi=uE(UH,'UnsupportedOperationException',95);Yi(329,1,{104:1});_.ac=function IF(a){throw Qi(new HF('Add not supported on this collection'))};_.q=function JF(){var a,b,c;c=new KG;for(b=this.bc();b.ec();){a=b.fc();JG(c,a===this?'(this Collection)':a==null?ZH:aj(a))}return !c.a?c.c:c.e.length==0?c.a.a:c.a.a+(''+c.e)};var pi=uE(SJ,'AbstractCollection',329);Yi(330,329,{104:1,92:1});_.dc=function KF(a,b){throw Qi(new HF('Add not supported on this list'))};_.ac=function LF(a){this.dc(this.cc(),a);return true};_.n=function MF(a){var b,c,d,e,f;if(a===this){return true}if(!Sc(a,35)){return false}f=Ic(a,92);if(this.a.length!=f.a.length){return false}e=new bG(f);for(c=new bG(this);c.a<c.c.a.length;){b=aG(c);d=aG(e);if(!(_c(b)===_c(d)||b!=null&&K(b,d))){return false}}return true};_.p=function NF(){return hG(this)};_.bc=function OF(){return new PF(this)};var ri=uE(SJ,'AbstractList',330);Yi(133,1,{},PF);_.ec=function QF(){return this.a<this.b.a.length};_.fc=function RF(){AH(this.a<this.b.a.length);return TF(this.b,this.a++)};_.a=0;var qi=uE(SJ,'AbstractList/IteratorImpl',133);Yi(35,330,{4:1,35:1,104:1,92:1},XF);_.dc=function YF(a,b){DH(a,this.a.length);wH(this.a,a,b)};_.ac=function ZF(a){return SF(this,a)};_.bc=function $F(){return new bG(this)};_.cc=function _F(){return this.a.length};var ti=uE(SJ,'ArrayList',35);Yi(71,1,{},bG);_.ec=function cG(){return this.a<this.c.a.length};_.fc=function dG(){return aG(this)};_.a=0;_.b=-1;var si=uE(SJ,'ArrayList/1',71);Yi(151,10,YH,iG);var ui=uE(SJ,'NoSuchElementException',151);Yi(54,1,{54:1},pG);_.n=function qG(a){var b;if(a===this){return true}if(!Sc(a,54)){return false}b=Ic(a,54);return jG(this.a,b.a)};_.p=function rG(){return kG(this.a)};_.q=function tG(){return this.a!=null?'Optional.of('+uF(this.a)+')':'Optional.empty()'};var lG;var vi=uE(SJ,'Optional',54);Yi(139,1,{});_.ic=function yG(a){uG(this,a)};_.gc=function wG(){return this.c};_.hc=function xG(){return this.d};_.c=0;_.d=0;var zi=uE(SJ,'Spliterators/BaseSpliterator',139);Yi(140,139,{});var wi=uE(SJ,'Spliterators/AbstractSpliterator',140);Yi(136,1,{});_.ic=function EG(a){uG(this,a)};_.gc=function CG(){return this.b};_.hc=function DG(){return this.d-this.c};_.b=0;_.c=0;_.d=0;var yi=uE(SJ,'Spliterators/BaseArraySpliterator',136);Yi(137,136,{},GG);_.ic=function HG(a){AG(this,a)};_.jc=function IG(a){return BG(this,a)};var xi=uE(SJ,'Spliterators/ArraySpliterator',137);Yi(123,1,{},KG);_.q=function LG(){return !this.a?this.c:this.e.length==0?this.a.a:this.a.a+(''+this.e)};var Ai=uE(SJ,'StringJoiner',123);Yi(110,1,kI,MG);_.W=function NG(a){return a};var Bi=uE('java.util.function','Function/lambda$0$Type',110);Yi(49,20,{4:1,31:1,20:1,49:1},TG);var PG,QG,RG;var Ci=vE(TJ,'Collector/Characteristics',49,UG);Yi(294,1,{},VG);var Di=uE(TJ,'CollectorImpl',294);Yi(108,1,nI,XG);_.db=function YG(a,b){WG(a,b)};var Ei=uE(TJ,'Collectors/20methodref$add$Type',108);Yi(107,1,lI,ZG);_.cb=function $G(){return new XF};var Fi=uE(TJ,'Collectors/21methodref$ctor$Type',107);Yi(109,1,{},_G);var Gi=uE(TJ,'Collectors/lambda$42$Type',109);Yi(138,1,{});_.c=false;var Ni=uE(TJ,'TerminatableStream',138);Yi(97,138,{},hH);var Mi=uE(TJ,'StreamImpl',97);Yi(141,140,{},lH);_.jc=function mH(a){return this.b.jc(new nH(this,a))};var Ii=uE(TJ,'StreamImpl/MapToObjSpliterator',141);Yi(143,1,{},nH);_.hb=function oH(a){kH(this.a,this.b,a)};var Hi=uE(TJ,'StreamImpl/MapToObjSpliterator/lambda$0$Type',143);Yi(142,1,{},qH);_.hb=function rH(a){pH(this,a)};var Ji=uE(TJ,'StreamImpl/ValueConsumer',142);Yi(144,1,{},tH);var Ki=uE(TJ,'StreamImpl/lambda$4$Type',144);Yi(145,1,{},uH);_.hb=function vH(a){jH(this.b,this.a,a)};var Li=uE(TJ,'StreamImpl/lambda$5$Type',145);Yi(486,1,{});Yi(483,1,{});var HH=0;var JH,KH=0,LH;var QH=(Db(),Gb);var gwtOnLoad=gwtOnLoad=Ui;Si(cj);Vi('permProps',[[[WJ,'gecko1_8']],[[WJ,'safari']]]);if (client) client.onScriptLoad(gwtOnLoad);})();
};